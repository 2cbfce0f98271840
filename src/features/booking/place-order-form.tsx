import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { checkoutMachine } from '../../../machines/checkout.machine';
import type { addressPriceMachine } from '../../../machines/address-price.machine';
import { isTimeFullyBooked, type availabilityMachine } from '../../../machines/availability.machine';
import { FULLY_BOOKED } from '../../../domain/capacity/availability-text';
import { checkoutLimits, offersSavedCard, waitlistContact, SAVE_CARD_DETAIL, SAVE_CARD_LABEL, type CheckoutForm, type TextFieldName } from '../../../machines/checkout-form';
import { Alert, Button, Card, Checkbox, LinkButton, TextField } from '../../components/ui';
import { DateField } from '../../components/ui/date-field';
import { BookingTimeField } from '../../components/ui/date-time-fields';
import { AvailableDate, AvailableTimes } from '../../shared/availability/available-fields';
import { notCoveredDistrict } from '../../../domain/site/service-area-text';
import { AreaWaitlistForm } from './area-waitlist-form';
import { DayWaitlistJoin } from '../../shared/availability/day-waitlist-join';
import { PaymentChoice } from '../../shared/payment-choice';
import { formatMoney } from '../../../domain/money/money';
import { isSeriesFrequency } from '../../../domain/time/series-dates';
import type { CheckoutPriceChange } from '../../../openapi/schema';

type CheckoutRef = ActorRefFrom<typeof checkoutMachine>;
type AvailabilityRef = ActorRefFrom<typeof availabilityMachine>;
type AddressPriceRef = ActorRefFrom<typeof addressPriceMachine>;

/** The delivery and payment form; the machine holds the values, checks them and submits. */
export function PlaceOrderForm({ actorRef, addressRef, availabilityRef, firstDay, backHref }: { actorRef: CheckoutRef; addressRef: AddressPriceRef; availabilityRef: AvailabilityRef | null; firstDay: string; backHref: string }) {
  const form = useSelector(actorRef, (s) => s.context.form);
  // The date and time fields are uncontrolled: they start from the form as it was restored.
  const [initial] = useState(form);
  const errors = useSelector(actorRef, (s) => s.context.errors);
  const frequency = useSelector(actorRef, (s) => s.context.order?.frequency);
  const orderId = useSelector(actorRef, (s) => s.context.order?.id ?? null);
  const submitting = useSelector(actorRef, (s) => s.matches('submitting') || s.matches('paid') || s.matches('redirecting'));
  const failure = useSelector(actorRef, (s) => (s.matches('submitFailed') ? s.context.error : null));
  // Only when sending the same again can help (no answer, a server error): never for a 400 or a 409.
  const canRetry = useSelector(actorRef, (s) => s.context.canRetry);
  // The address changed the price (decision 037): its words, and Pay becomes "Confirm £X and pay".
  const priceChange = useSelector(actorRef, (s) => (s.matches('priceChanged') ? s.context.priceChange : null));
  // The typed postcode's answer, before Pay (issue 36 row 4); gone at the first edit of the postcode.
  const answer = useSelector(addressRef, (s) => s.context.answer);
  const asking = useSelector(addressRef, (s) => (s.matches('asking') ? s.context.postcode.trim().toUpperCase() : null));
  // "We don't cover M1 yet" belongs to the postcode: shown there, with the waiting list (decision 041),
  // as soon as the postcode is answered, or when the checkout refuses it.
  const refusal = notCoveredDistrict(failure) ? failure : answer && !answer.served ? answer.message : null;
  const uncovered = notCoveredDistrict(refusal);

  const change = (values: Partial<CheckoutForm>) => actorRef.send({ type: 'form.change', values });
  const field = (name: TextFieldName) => ({
    value: form[name],
    onChange: (value: string) => change({ [name]: value }),
    errorMessage: errors[name] ?? null,
    isDisabled: submitting,
  });
  const fullyBooked = useSelector(availabilityRef ?? undefined, (s) => (s ? isTimeFullyBooked(s.context) : false)) ?? false;
  // The chosen time is put into the Time field by remounting it with that value.
  const [picked, setPicked] = useState({ key: 0, time: initial.time });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A time no team is free for is refused here ("Fully booked"), as the list shows it.
    // Pay pays the price shown for the address (a price moved meanwhile is named for confirming).
    const shown = answer?.price ? { postcode: answer.postcode, total: answer.price.total } : null;
    if (!fullyBooked) actorRef.send(priceChange ? { type: 'price.confirm' } : { type: 'order.submit', shown });
    // Take keyboard and screen reader users to the first field that needs attention.
    const formElement = event.currentTarget;
    requestAnimationFrame(() => formElement.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  return (
    <Card as="section" className="place-order" aria-labelledby="place-order-title">
      <h2 id="place-order-title" className="booking-panel__title">Booking details</h2>
      <form noValidate onSubmit={submit} aria-labelledby="place-order-title">
        <TextField label="Address" isRequired autoComplete="street-address" maxLength={checkoutLimits.address} {...field('address')} />
        <div className="field-row">
          <TextField label="City" isRequired autoComplete="address-level2" maxLength={checkoutLimits.city} {...field('city')} />
          <TextField label="Postcode" isRequired autoComplete="postal-code" {...field('postcode')} errorMessage={errors.postcode ?? (uncovered ? refusal : null)} />
        </div>
        {/* Always there, so each answer is announced as it arrives (a refusal is the field's error above). */}
        <p className="field__description" aria-live="polite" data-testid="address-price">
          {asking ? `Checking ${asking}…` : answer?.price ? priceSentence(answer.postcode, answer.price) : null}
        </p>
        {uncovered ? <AreaWaitlistForm district={uncovered} postcode={form.postcode} /> : null}
        <TextField label="Phone" type="tel" isRequired autoComplete="tel" maxLength={checkoutLimits.phone} {...field('phone')} />
        <div className="field-row">
          {availabilityRef ? (
            <AvailableDate availabilityRef={availabilityRef} firstDay={firstDay} initial={initial.date} errorMessage={errors.date ?? null} isDisabled={submitting} onChange={(date) => change({ date })} />
          ) : (
            <DateField
              label="Date"
              description="dd/mm/yyyy, UK date, at least 24 hours ahead"
              errorMessage={errors.date ?? null}
              isRequired
              isDisabled={submitting}
              initialValue={initial.date}
              onChange={(date) => change({ date })}
            />
          )}
          <BookingTimeField
            key={picked.key}
            label="Time"
            description="UK time, 24-hour clock, e.g. 09:30"
            errorMessage={errors.time ?? (fullyBooked ? FULLY_BOOKED : null)}
            isDisabled={submitting}
            initialValue={picked.time}
            onChange={(time) => {
              availabilityRef?.send({ type: 'time.type', time });
              change({ time });
            }}
          />
        </div>
        {availabilityRef ? (
          <AvailableTimes
            availabilityRef={availabilityRef}
            isDisabled={submitting}
            onChoose={(time) => {
              setPicked((before) => ({ key: before.key + 1, time }));
              change({ time });
            }}
          />
        ) : null}
        {availabilityRef ? <DayWaitlistJoin availabilityRef={availabilityRef} orderId={orderId} contact={waitlistContact(form)} /> : null}
        <TextField label="Note" multiline rows={3} description="Optional: access, parking, pets…" maxLength={checkoutLimits.note} showCount {...field('note')} />
        <PaymentChoice value={form.payment} isDisabled={submitting} onChange={(payment) => change({ payment })} series={frequency !== undefined && isSeriesFrequency(frequency)} />
        {offersSavedCard(frequency, form) ? (
          <div className="save-card">
            <Checkbox isSelected={form.saveCard} isDisabled={submitting} onChange={(saveCard) => change({ saveCard })} aria-describedby="save-card-detail">
              {SAVE_CARD_LABEL}
            </Checkbox>
            <p id="save-card-detail" className="field__description">{SAVE_CARD_DETAIL}</p>
          </div>
        ) : null}
        {failure && !uncovered ? (
          <Alert variant="error">
            {failure}{' '}
            {canRetry ? (
              <Button size="sm" variant="secondary" onPress={() => actorRef.send({ type: 'retry' })}>
                Try again
              </Button>
            ) : null}
          </Alert>
        ) : null}
        {priceChange ? <Alert variant="info">{priceChange.message}</Alert> : null}
        <div className="booking-actions">
          {/* Back to the items of this booking (kept), not to the list of services. */}
          <LinkButton href={backHref} variant="secondary">Back</LinkButton>
          <Button type="submit" isPending={submitting}>
            {priceChange ? `Confirm ${formatMoney(priceChange.priceChanged.total)} and pay` : form.payment === 'card' ? 'Pay now' : form.payment === 'direct_debit' ? 'Set up Direct Debit' : 'Pay cash'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** "The price for WC2N 5DU is £94.00, Congestion Charge £11.50 included." — the server's figures. */
function priceSentence(postcode: string, price: CheckoutPriceChange): string {
  // The charge's own line (a quoted charge the address does not owe comes with its reversal: none then).
  const congestion = price.lines.filter((line) => line.kind === 'congestion');
  const charge = congestion.length === 1 && congestion[0]!.amount > 0 ? congestion[0]!.amount : null;
  return `The price for ${postcode} is ${formatMoney(price.total)}${charge === null ? '' : `, Congestion Charge ${formatMoney(charge)} included`}.`;
}
