import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { formatMoney } from '../../../../domain/money/money';
import { Alert, Button } from '../../../components/ui';
import { getQuoteOptions } from '../../../api/get-quote-options';
import { useRequest } from '../../../shared/use-request';
import type { OfficeBookingRequest, Quote } from '../../../../openapi/schema';
import type { OfficeBookingRef } from './office-booking-ref';

type Payment = OfficeBookingRequest['payment'];
const payments: { value: Payment; label: string; detail: string }[] = [
  { value: 'cash', label: 'Cash', detail: 'The customer pays the cleaner on the day.' },
  { value: 'pay_link', label: 'Pay now link', detail: 'The customer is mailed a Pay now link.' },
];

/** The items as the quote priced them: "2 × Bedroom, 1 × Kitchen". */
const itemsOf = (quote: Quote | null) =>
  (quote?.lines ?? []).filter((line) => line.kind === 'item').map((line) => `${line.quantity ?? 1} × ${line.name}`).join(', ');

/** The extras as the quote priced them: "Inside the oven, Bigger bedroom × 2". */
const extrasOf = (quote: Quote | null) =>
  (quote?.lines ?? []).filter((line) => line.kind === 'extra' || line.kind === 'option').map((line) => (line.quantity && line.quantity > 1 ? `${line.name} × ${line.quantity}` : line.name)).join(', ');

/**
 * Payment: the summary of everything the booking will contain (items and quantities, extras,
 * frequency, address, time, the price with its lines), cash or a Pay now link, and Book; a refusal
 * shows with Choose another time and Try again.
 */
export function OfficePaymentStep({ actorRef }: { actorRef: OfficeBookingRef }) {
  const context = useSelector(actorRef, (s) => s.context);
  // The frequency's name, as the Items step listed it (the same cached options).
  const options = useRequest(getQuoteOptions, { auto: context.items !== null, params: context.items?.service ?? 0 });
  const frequencyCode = context.quote?.frequency ?? context.items?.frequency ?? 'one_off';
  const frequency = options.data?.frequencies.find((one) => one.code === frequencyCode)?.name ?? frequencyCode;
  const busy = useSelector(actorRef, (s) => s.matches('placing'));
  const failed = useSelector(actorRef, (s) => s.matches('failed'));
  const [payment, setPayment] = useState<Payment>(context.payment);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actorRef.send({ type: 'payment.submit', payment });
  };
  return (
    <form noValidate onSubmit={submit} aria-label="Payment">
      <dl className="office-booking__summary">
        <dt>Customer</dt><dd>{context.customer?.label}</dd>
        <dt>Service</dt><dd>{context.quote?.serviceName}</dd>
        <dt>Items</dt><dd>{itemsOf(context.quote)}</dd>
        <dt>Extras</dt><dd>{extrasOf(context.quote) || 'None'}</dd>
        <dt>Frequency</dt><dd>{frequency}</dd>
        <dt>Address</dt><dd>{`${context.address?.address}, ${context.address?.city} ${context.address?.code_postal}`}</dd>
        <dt>When</dt><dd>{`${context.time?.due_date} ${context.time?.due_time} (UK time)`}</dd>
        <dt>Price</dt>
        <dd>
          <ul className="office-booking__lines" aria-label="Price lines">
            {(context.quote?.lines ?? []).map((line, index) => (
              <li key={`${line.kind}-${index}`}>
                <span>{line.name}{line.quantity && line.quantity > 1 ? ` × ${line.quantity}` : ''}</span>{' '}
                <span>{line.amount < 0 ? `−${formatMoney(-line.amount)}` : formatMoney(line.amount)}</span>
              </li>
            ))}
          </ul>
        </dd>
        <dt>Total</dt><dd>{context.quote ? `${formatMoney(context.quote.total)} (includes VAT ${formatMoney(context.quote.vat)})` : ''}</dd>
      </dl>
      <RadioGroup value={payment} isDisabled={busy || failed} onChange={(next) => setPayment(next === 'pay_link' ? 'pay_link' : 'cash')} className="payment-choice">
        <Label className="field__label">Payment</Label>
        <div className="payment-choice__options">
          {payments.map((option) => (
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
      {failed ? (
        <Alert variant="error">
          {context.error}{' '}
          <Button size="sm" variant="secondary" onPress={() => actorRef.send({ type: 'booking.retime' })}>Choose another time</Button>{' '}
          <Button size="sm" variant="secondary" onPress={() => actorRef.send({ type: 'booking.retry' })}>Try again</Button>
        </Alert>
      ) : (
        <div className="office-booking__actions">
          <Button variant="secondary" isDisabled={busy} onPress={() => actorRef.send({ type: 'step.back' })}>Back</Button>
          <Button type="submit" isPending={busy}>Book</Button>
        </div>
      )}
    </form>
  );
}
