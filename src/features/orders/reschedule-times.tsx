import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { availabilityMachine } from '../../../machines/availability.machine';
import { earliestBookableStart } from '../../../domain/terms/booking-notice';
import type { rescheduleMachine } from '../../../machines/reschedule.machine';
import { loadAvailabilityActor } from '../../api/get-availability';
import { BookingTimeField } from '../../components/ui/date-time-fields';
import { SLOT_TAKEN_MESSAGE } from '../../../domain/capacity/availability-text';
import { londonDate } from '../../../domain/time/london-time';
import { inspect } from '../../shared/inspector';
import { AvailableDate, AvailableTimes } from '../../shared/availability/available-fields';
import { DayWaitlistJoin } from '../../shared/availability/day-waitlist-join';
import type { MyOrder } from '../../../openapi/schema';
// The calendar's and the free times' styles, as on /placeorder.
import '../../styles/booking.css';

type RescheduleRef = ActorRefFrom<typeof rescheduleMachine>;

/**
 * The reschedule dialog's Date and Time as booking has them (issue 25): the same availability
 * machine and components, so the calendar greys out full days and the chosen day's free times are
 * listed; choosing one fills Time, typing still works. When Confirm lost the last team ("That time
 * was just taken") the times are loaded again, as at checkout.
 */
export function RescheduleTimes({ actorRef, order, isDisabled, heldDate, onWaitlistJoined }: {
  actorRef: RescheduleRef;
  order: MyOrder;
  isDisabled: boolean;
  /** The day of a time held for this visit (decision 067): already waited for, so no Join there. */
  heldDate: string | null;
  onWaitlistJoined: () => void;
}) {
  const [firstDay] = useState(() => londonDate(earliestBookableStart(new Date())));
  // Opened at a held time (the waiting list's link, decision 067): the dialog starts on it.
  const [opened] = useState(() => ({ date: actorRef.getSnapshot().context.date, time: actorRef.getSnapshot().context.time }));
  const availabilityRef = useActorRef(availabilityMachine.provide({ actors: { loadAvailability: loadAvailabilityActor } }), {
    input: { serviceId: order.serviceId ?? 0, ...(order.minutes ? { duration: order.minutes } : {}), ...(order.postcode ? { postcode: order.postcode } : {}), firstDay, ...(opened.date ? opened : {}) },
    inspect,
  });
  const chosenDate = useSelector(availabilityRef, (s) => s.context.date);
  const slotTaken = useSelector(actorRef, (s) => s.matches('failed') && s.context.error === SLOT_TAKEN_MESSAGE);
  useEffect(() => {
    if (slotTaken) availabilityRef.send({ type: 'times.reload' });
  }, [slotTaken, availabilityRef]);
  // The chosen time is put into the Time field by remounting it with that value.
  const [picked, setPicked] = useState({ key: 0, time: opened.time });
  return (
    <>
      <div className="field-row">
        <AvailableDate
          availabilityRef={availabilityRef}
          firstDay={firstDay}
          initial={opened.date}
          errorMessage={null}
          isDisabled={isDisabled}
          onChange={(value) => actorRef.send({ type: 'date.change', value })}
        />
        <BookingTimeField
          key={picked.key}
          label="Time"
          description="UK time, 24-hour clock, e.g. 09:30"
          errorMessage={null}
          isDisabled={isDisabled}
          initialValue={picked.time}
          onChange={(value) => {
            availabilityRef.send({ type: 'time.type', time: value });
            actorRef.send({ type: 'time.change', value });
          }}
        />
      </div>
      <AvailableTimes
        availabilityRef={availabilityRef}
        isDisabled={isDisabled}
        onChoose={(time) => {
          setPicked((before) => ({ key: before.key + 1, time }));
          actorRef.send({ type: 'time.change', value: time });
        }}
      />
      {/* A full day: wait for it with this visit (decision 067); the offer's link brings the customer back here. */}
      {chosenDate !== heldDate ? <DayWaitlistJoin availabilityRef={availabilityRef} orderId={order.id} onJoined={onWaitlistJoined} /> : null}
    </>
  );
}
