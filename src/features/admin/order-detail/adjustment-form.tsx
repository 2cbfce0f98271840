import { useState } from 'react';
import { adjustOrder } from '../../../api/adjust-order';
import { useRequest } from '../../../shared/use-request';
import { Alert, Button, TextField } from '../../../components/ui';

/** Pounds with at most two decimals, signed: "12.50", "-5". */
const AMOUNT = /^-?\d{1,6}(\.\d{1,2})?$/;

/**
 * An administrator adjusts the order's price with a reason (decision 036): the server records it as a
 * ledger line at the current VAT rate and in the history; the page then shows the new total and balance.
 */
export function AdjustmentForm({ orderId, onAdjusted, cancelled = false }: { orderId: number; onAdjusted: () => void; cancelled?: boolean }) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const adding = useRequest(async (adjustment: { amount: number; reason: string }) => {
    const order = await adjustOrder({ id: orderId, ...adjustment });
    setAmount('');
    setReason('');
    onAdjusted();
    return order;
  });
  const amountValid = AMOUNT.test(amount.trim()) && Number(amount) !== 0;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (amountValid && reason.trim().length >= 3) adding.send({ amount: Number(amount.trim()), reason: reason.trim() });
      }}
    >
      <TextField
        label="Amount (£, VAT included)"
        description={cancelled ? 'The order is cancelled: only a credit, negative (e.g. -5.00), to give back part of the fee it kept.' : 'Positive to charge more, negative (e.g. -5.00) to credit.'}
        inputMode="decimal"
        value={amount}
        onChange={setAmount}
        isDisabled={adding.loading}
        isInvalid={amount.trim() !== '' && !amountValid}
        errorMessage="Enter an amount in pounds other than 0, like 12.50 or -5.00"
      />
      <TextField label="Reason" maxLength={500} value={reason} onChange={setReason} isDisabled={adding.loading} />
      {adding.error ? <Alert variant="error">{adding.error}</Alert> : null}
      <Button type="submit" size="sm" isDisabled={!amountValid || reason.trim().length < 3} isPending={adding.loading}>
        Add adjustment
      </Button>
    </form>
  );
}
