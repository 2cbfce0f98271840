import { Label, Radio, RadioGroup } from 'react-aria-components';
import type { PaymentMethod } from '../../../machines/checkout-form';

interface PaymentChoiceProps {
  value: PaymentMethod;
  isDisabled?: boolean;
  onChange: (payment: PaymentMethod) => void;
}

const options: { value: PaymentMethod; label: string; detail: string }[] = [
  { value: 'cash', label: 'Pay cash', detail: 'Pay the cleaner on the day.' },
  { value: 'card', label: 'Pay now', detail: 'By card, on the secure payment page.' },
];

/** SPEC 9: cash ('Pay cash') or card ('Pay now'). */
export function PaymentChoice({ value, isDisabled, onChange }: PaymentChoiceProps) {
  return (
    <RadioGroup
      value={value}
      isDisabled={isDisabled}
      onChange={(next) => onChange(next === 'card' ? 'card' : 'cash')}
      className="payment-choice"
    >
      <Label className="field__label">Payment</Label>
      <div className="payment-choice__options">
        {options.map((option) => (
          <Radio key={option.value} value={option.value} className="payment-choice__option">
            <span className="payment-choice__dot" aria-hidden="true" />
            <span className="payment-choice__text">
              <span className="payment-choice__label">{option.label}</span>
              <span className="payment-choice__detail">{option.detail}</span>
            </span>
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
