import { useActorRef, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { availabilityMachine } from '../../../../machines/availability.machine';
import { formatMoney } from '../../../../domain/money/money';
import { earliestBookableStart } from '../../../../domain/terms/booking-notice';
import { londonDate } from '../../../../domain/time/london-time';
import { loadAvailabilityActor } from '../../../api/get-availability';
import { Alert, Button } from '../../../components/ui';
import { AvailableDate, AvailableTimes } from '../../../shared/availability/available-fields';
import { inspect } from '../../../shared/inspector';
import type { OfficeBookingRef } from './office-booking-ref';

/** Time: the price at the address, then a free day and start time from the customer booking's pickers. */
export function OfficeTimeStep({ actorRef }: { actorRef: OfficeBookingRef }) {
  const quote = useSelector(actorRef, (s) => s.context.quote);
  const serviceId = useSelector(actorRef, (s) => s.context.items?.service ?? 0);
  const kept = useSelector(actorRef, (s) => s.context.time);
  // The address is known by now: the times are those its postcode area can take (decision 058).
  const postcode = useSelector(actorRef, (s) => s.context.address?.code_postal ?? '');
  const [firstDay] = useState(() => londonDate(earliestBookableStart(new Date())));
  const availabilityRef = useActorRef(availabilityMachine.provide({ actors: { loadAvailability: loadAvailabilityActor } }), {
    // The job's real length (the quote's) and its postcode, as the customer's own screens ask (issue 36 row 1).
    input: { serviceId, firstDay, postcode, ...(quote ? { duration: quote.minutes } : {}), ...(kept ? { date: kept.due_date, time: kept.due_time } : {}) },
    inspect,
  });
  const date = useSelector(availabilityRef, (s) => s.context.date);
  const time = useSelector(availabilityRef, (s) => s.context.time);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!date || !time) return setError('Choose a day and a free time');
    actorRef.send({ type: 'time.submit', time: { due_date: date, due_time: time } });
  };
  return (
    <form noValidate onSubmit={submit} aria-label="Time">
      {quote ? <p className="office-booking__price">Price at this address: <strong>{formatMoney(quote.total)}</strong> ({quote.serviceName})</p> : null}
      <AvailableDate availabilityRef={availabilityRef} firstDay={firstDay} initial={kept?.due_date ?? ''} errorMessage={null} isDisabled={false} onChange={() => setError(null)} />
      <AvailableTimes availabilityRef={availabilityRef} isDisabled={false} onChoose={() => setError(null)} />
      {error ? <Alert variant="error">{error}</Alert> : null}
      <div className="office-booking__actions">
        <Button variant="secondary" onPress={() => actorRef.send({ type: 'step.back' })}>Back</Button>
        <Button type="submit">Next</Button>
      </div>
    </form>
  );
}
