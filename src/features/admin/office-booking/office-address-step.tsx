import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { notCoveredDistrict } from '../../../../domain/site/service-area-text';
import { Alert, Button, TextField } from '../../../components/ui';
import type { OfficeAddress } from '../../../../machines/office-booking.machine';
import type { OfficeBookingRef } from './office-booking-ref';

const empty: OfficeAddress = { address: '', city: '', code_postal: '', phone: '', client_note: '' };

/** Address: where to clean and the caller's phone; a postcode not covered is refused beside the postcode. */
export function OfficeAddressStep({ actorRef }: { actorRef: OfficeBookingRef }) {
  const kept = useSelector(actorRef, (s) => s.context.address);
  const error = useSelector(actorRef, (s) => s.context.error);
  const busy = useSelector(actorRef, (s) => s.matches('pricing'));
  const [form, setForm] = useState<OfficeAddress>(kept ?? empty);
  const uncovered = notCoveredDistrict(error);
  const field = (name: keyof OfficeAddress) => ({ value: form[name], isDisabled: busy, onChange: (value: string) => setForm((before) => ({ ...before, [name]: value })) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actorRef.send({ type: 'address.submit', address: { ...form, code_postal: form.code_postal.trim().toUpperCase() } });
  };
  return (
    <form noValidate onSubmit={submit} aria-label="Address">
      <TextField label="Address" isRequired maxLength={200} {...field('address')} />
      <TextField label="City" isRequired maxLength={100} {...field('city')} />
      <TextField label="Postcode" isRequired {...field('code_postal')} errorMessage={uncovered ? error : null} />
      <TextField label="Phone" type="tel" isRequired maxLength={20} {...field('phone')} />
      <TextField label="Note" multiline rows={3} description="Optional: access, parking, pets…" maxLength={2000} {...field('client_note')} />
      {error && !uncovered ? <Alert variant="error">{error}</Alert> : null}
      <div className="office-booking__actions">
        <Button variant="secondary" isDisabled={busy} onPress={() => actorRef.send({ type: 'step.back' })}>Back</Button>
        <Button type="submit" isPending={busy}>Next</Button>
      </div>
    </form>
  );
}
