import { useEffect } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { getPaymentOptions } from '../api/get-payment-options';
import { useRequest } from './use-request';
import type { PaymentMethod } from '../../openapi/schema';
import '../styles/booking.css';

interface PaymentChoiceProps {
  value: PaymentMethod;
  isDisabled?: boolean;
  onChange: (payment: PaymentMethod) => void;
  /** A series (Weekly, Fortnightly, Monthly): Direct Debit is offered when the server has it (decision 093). */
  series?: boolean;
}

const options: { value: PaymentMethod; label: string; detail: string }[] = [
  { value: 'cash', label: 'Pay cash', detail: 'Pay the cleaner on the day.' },
  { value: 'card', label: 'Pay now', detail: 'By card, on the secure payment page.' },
  { value: 'direct_debit', label: 'Direct Debit', detail: 'Each visit is collected after it is done. You set up the Direct Debit on GoCardless\u2019s secure page.' },
];

/**
 * R-PAY-3, shared by /placeorder and a waiting list's offer (decision 067): cash ('Pay cash') or card ('Pay now'). Card is offered only when the server has a payment
 * provider (GET /services/payment-options); otherwise it shows as unavailable, with the reason.
 */
export function PaymentChoice({ value, isDisabled, onChange, series = false }: PaymentChoiceProps) {
  const paymentOptions = useRequest(getPaymentOptions, { auto: true });
  const card = paymentOptions.data?.card;
  const cardUnavailable = card && !card.available ? (card.message ?? 'Card payment is not available at the moment') : null;
  const directDebit = series && paymentOptions.data?.direct_debit?.available === true;
  useEffect(() => {
    if (cardUnavailable && value === 'card') onChange('cash');
    if (!directDebit && value === 'direct_debit') onChange('cash');
  }, [cardUnavailable, directDebit, value, onChange]);

  return (
    <RadioGroup
      value={value}
      isDisabled={isDisabled}
      onChange={(next) => onChange(next === 'card' || next === 'direct_debit' ? next : 'cash')}
      className="payment-choice"
    >
      <Label className="field__label">Payment</Label>
      <div className="payment-choice__options">
        {options.filter((option) => option.value !== 'direct_debit' || directDebit).map((option) => (
          <Radio
            key={option.value}
            value={option.value}
            className="payment-choice__option"
            isDisabled={option.value === 'card' && cardUnavailable !== null}
          >
            <span className="payment-choice__dot" aria-hidden="true" />
            <span className="payment-choice__text">
              <span className="payment-choice__label">{option.label}</span>
              <span className="payment-choice__detail">
                {option.value === 'card' && cardUnavailable ? cardUnavailable : option.detail}
              </span>
            </span>
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
