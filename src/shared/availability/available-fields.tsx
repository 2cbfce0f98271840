import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { isDayUnavailable, timesOf, type availabilityMachine } from '../../../machines/availability.machine';
import { DateField } from '../../components/ui/date-field';
import { FreeTimes } from './free-times';

/**
 * The Date and the free times fed by the availability machine, shared by booking (/placeorder)
 * and the reschedule dialog on My orders (issue 25): one calendar, one list of free times.
 */
type AvailabilityRef = ActorRefFrom<typeof availabilityMachine>;

/** The Date field with its calendar (a DatePicker) fed by the availability machine. */
export function AvailableDate({ availabilityRef, firstDay, initial, errorMessage, isDisabled, onChange }: {
  availabilityRef: AvailabilityRef;
  firstDay: string;
  initial: string;
  errorMessage: string | null;
  isDisabled: boolean;
  onChange: (date: string) => void;
}) {
  const days = useSelector(availabilityRef, (s) => s.context.days);
  return (
    <DateField
      label="Date"
      description="dd/mm/yyyy, UK date, at least 24 hours ahead"
      errorMessage={errorMessage}
      isRequired
      isDisabled={isDisabled}
      initialValue={initial}
      calendar={{
        firstDay,
        isUnavailable: (date) => isDayUnavailable({ ...availabilityRef.getSnapshot().context, days }, date),
        isClosed: (date) => days[date]?.status === 'closed',
        onMonthShow: (from) => availabilityRef.send({ type: 'month.show', from }),
      }}
      onChange={(date) => {
        availabilityRef.send({ type: 'date.choose', date });
        onChange(date);
      }}
    />
  );
}

/** The chosen day's start times with the free teams. */
export function AvailableTimes({ availabilityRef, isDisabled, onChoose }: { availabilityRef: AvailabilityRef; isDisabled: boolean; onChoose: (time: string) => void }) {
  const date = useSelector(availabilityRef, (s) => s.context.date);
  const day = useSelector(availabilityRef, (s) => timesOf(s.context));
  const teams = useSelector(availabilityRef, (s) => s.context.teams);
  const time = useSelector(availabilityRef, (s) => s.context.time);
  const loading = useSelector(availabilityRef, (s) => s.matches('loading'));
  const failed = useSelector(availabilityRef, (s) => (s.matches('failed') ? s.context.error : null));
  return (
    <FreeTimes
      date={date}
      day={day}
      teams={teams}
      time={time}
      loading={loading}
      failed={failed}
      isDisabled={isDisabled}
      onChoose={(chosen) => {
        availabilityRef.send({ type: 'time.choose', time: chosen });
        // Chosen only when a team is free for it (the machine's guard).
        if (availabilityRef.getSnapshot().context.time === chosen) onChoose(chosen);
      }}
      onRetry={() => availabilityRef.send({ type: 'retry' })}
    />
  );
}
