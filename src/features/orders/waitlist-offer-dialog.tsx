import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { OfferDetails, waitlistOfferMachine } from '../../../machines/waitlist-offer.machine';
import { Alert, Button, Dialog, Modal, Spinner, TextField } from '../../components/ui';
import { formatDateTime } from '../../lib/dates';
import { formatMoney } from '../../../domain/money/money';
import { PaymentChoice } from '../../shared/payment-choice';

type OfferRef = ActorRefFrom<typeof waitlistOfferMachine>;
type Field = Exclude<keyof OfferDetails, 'payment'>;

const FIELDS: Array<{ field: Field; label: string; autoComplete: string }> = [
  { field: 'address', label: 'Address', autoComplete: 'street-address' },
  { field: 'city', label: 'City', autoComplete: 'address-level2' },
  { field: 'code_postal', label: 'Postcode', autoComplete: 'postal-code' },
  { field: 'phone', label: 'Phone', autoComplete: 'tel' },
];

/**
 * A waiting list's offer (decisions 056, 067): the held time and its price, the address (filled in
 * with what the customer gave before, decision 085), cash or card as on /placeorder, Book this time.
 */
export function WaitlistOfferDialog({ actorRef }: { actorRef: OfferRef }) {
  const isOpen = useSelector(actorRef, (s) => !s.matches('closed') && !s.matches('payingByCard'));
  const loading = useSelector(actorRef, (s) => s.matches('loadingOffer'));
  const busy = useSelector(actorRef, (s) => s.matches('booking'));
  const booked = useSelector(actorRef, (s) => s.matches('booked'));
  const unavailable = useSelector(actorRef, (s) => s.matches('unavailable'));
  const failed = useSelector(actorRef, (s) => s.matches('failed'));
  const canRetry = useSelector(actorRef, (s) => s.matches('failed') && s.context.canRetry);
  const canBook = useSelector(actorRef, (s) => s.can({ type: 'offer.book' }) || s.can({ type: 'retry' }));
  const offer = useSelector(actorRef, (s) => s.context.offer);
  const details = useSelector(actorRef, (s) => s.context.details);
  const error = useSelector(actorRef, (s) => s.context.error);
  const close = () => actorRef.send({ type: 'dialog.close' });
  const showForm = offer !== null && !booked;

  return (
    <Modal isOpen={isOpen} isDismissable={!busy} isKeyboardDismissDisabled={busy} onOpenChange={(open) => !open && close()}>
      <Dialog title="A time held for you">
        {loading ? <Spinner label="Loading the time held for you" /> : null}
        {unavailable && error ? <Alert variant="error">{error}</Alert> : null}
        {offer ? (
          <p className="cancel-dialog__order">
            {offer.service} on {offer.date} {offer.time} (UK time), {formatMoney(offer.total)}. Held for you until {formatDateTime(offer.held_until)} (UK time).
          </p>
        ) : null}
        {booked ? <Alert variant="success">Booked: your booking is in My orders.</Alert> : null}
        {showForm ? (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              actorRef.send(canRetry ? { type: 'retry' } : { type: 'offer.book' });
            }}
          >
            {offer.contact ? <p className="field__description">Filled in with the address and phone you gave before: change them only if they have changed.</p> : null}
            {FIELDS.map(({ field, label, autoComplete }) => (
              <TextField
                key={field}
                label={label}
                isRequired
                autoComplete={autoComplete}
                isDisabled={busy}
                value={details[field]}
                onChange={(value) => actorRef.send({ type: 'details.change', field, value })}
              />
            ))}
            <PaymentChoice value={details.payment} isDisabled={busy} onChange={(payment) => actorRef.send({ type: 'payment.change', value: payment })} />
            {failed && error ? <Alert variant="error">{error}</Alert> : null}
            <div className="cancel-dialog__actions">
              <Button variant="secondary" isDisabled={busy} onPress={close}>Close</Button>
              <Button type="submit" isDisabled={!canBook} isPending={busy}>{canRetry ? 'Try again' : 'Book this time'}</Button>
            </div>
          </form>
        ) : (
          <div className="cancel-dialog__actions">
            <Button variant="secondary" onPress={close}>Close</Button>
          </div>
        )}
      </Dialog>
    </Modal>
  );
}
