import { useState } from 'react';
import { useToast } from '../../../shared/toasts';
import { useRequest } from '../../../shared/use-request';
import { Button, TextField } from '../../../components/ui';

/** Whole pounds or pounds and pence: 25, 25.5, 1234.50 (no sign, at most 2 decimals). */
const AMOUNT = /^\d{1,6}(\.\d{1,2})?$/;
/** Whole minutes (job lengths and travel; the server says the upper limit of each). */
const MINUTES = /^\d{1,3}$/;
const UNIT_SIGN = { pounds: '£', percent: '%', minutes: 'min' } as const;
const UNIT_HELP = {
  pounds: 'Enter a price in pounds, such as 25 or 27.50',
  percent: 'Enter a percentage from 0 to 100, such as 15 or 12.5',
  minutes: 'Enter whole minutes, such as 30 or 90',
} as const;

export interface AmountFormProps {
  /** The field's accessible name, e.g. "Price of Bedroom (House Keeping)". */
  label: string;
  value: number;
  unit: keyof typeof UNIT_SIGN;
  save: (value: number) => Promise<unknown>;
  /** Told after a change was saved (the page reads the rules and the audit again). */
  onSaved: () => void;
}

/**
 * One rule's new value, in a row of a table: the field (its label visually hidden, the row says
 * what it is) and Save. Checked as typed before sending; the server's 400 message is shown too.
 */
export function AmountForm({ label, value, unit, save, onSaved }: AmountFormProps) {
  const shown = unit === 'pounds' ? value.toFixed(2) : String(value);
  const [text, setText] = useState(shown);
  const [invalid, setInvalid] = useState<string | null>(null);
  const showToast = useToast();
  const saving = useRequest(async (amount: number) => {
    const saved = await save(amount);
    showToast(`${label} saved`, 'success');
    onSaved();
    return saved;
  });
  const check = (typed: string): number | null => {
    const trimmed = typed.trim().replace(/^£/, '').replace(/%$/, '').replace(/\s*min(utes)?$/, '');
    if (!(unit === 'minutes' ? MINUTES : AMOUNT).test(trimmed)) return null;
    const amount = Number(trimmed);
    return unit === 'percent' && amount > 100 ? null : amount;
  };
  return (
    <form
      noValidate
      className="pricing__amount"
      onSubmit={(event) => {
        event.preventDefault();
        const amount = check(text);
        if (amount === null) {
          setInvalid(UNIT_HELP[unit]);
          return;
        }
        setInvalid(null);
        saving.send(amount);
      }}
    >
      <span className="pricing__unit" aria-hidden="true">{UNIT_SIGN[unit]}</span>
      <TextField
        label={label}
        className="pricing__field"
        inputMode={unit === 'minutes' ? 'numeric' : 'decimal'}
        value={text}
        onChange={(typed) => {
          setText(typed);
          setInvalid(null);
        }}
        errorMessage={invalid ?? saving.error}
        isDisabled={saving.loading}
      />
      <Button type="submit" size="sm" variant="secondary" aria-label={`Save ${label}`} isPending={saving.loading} isDisabled={text === shown}>
        Save
      </Button>
    </form>
  );
}
