import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { CheckboxGroup, Label, Text } from 'react-aria-components';
import type { ActorRefFrom } from 'xstate';
import { timesOf, type availabilityMachine } from '../../../machines/availability.machine';
import type { WaitlistContact } from '../../../openapi/schema';
import { TIMES_OF_DAY, TIME_OF_DAY_LABELS, type TimeOfDay } from '../../../domain/waitlist/times-of-day';
import { WAKING_HOURS_TEXT } from '../../../domain/waitlist/waking-hours';
import { joinWaitlist } from '../../api/waitlist';
import { Alert, Button, Checkbox } from '../../components/ui';
import { formatUkDay } from '../../lib/dates';
import './day-waitlist.css';

type AvailabilityRef = ActorRefFrom<typeof availabilityMachine>;

/**
 * Beside a fully booked day (decision 056): join its waiting list with this booking's draft (its
 * items and address are kept), or, in the reschedule dialog, with the booked visit to move there
 * (decision 067). One press, one answer, so no machine: the offer that may follow is the waitlist
 * offer machine's, or the reschedule dialog's, on My orders.
 */
export function DayWaitlistJoin({ availabilityRef, orderId, contact, onJoined }: {
  availabilityRef: AvailabilityRef;
  orderId: number | null;
  /** The address and phone typed on the booking form, when complete: kept with the draft for the offer (decision 085). */
  contact?: WaitlistContact | null;
  onJoined?: () => void;
}) {
  const date = useSelector(availabilityRef, (s) => s.context.date);
  const full = useSelector(availabilityRef, (s) => {
    const day = timesOf(s.context);
    return day !== null && day.status === 'full' && day.times.length > 0;
  });
  const [answer, setAnswer] = useState<{ date: string; ok: boolean; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  // The times of day that suit (decision 085): none ticked is any time.
  const [times, setTimes] = useState<TimeOfDay[]>([]);
  if (!full || orderId === null) return null;
  const shown = answer?.date === date ? answer : null;
  const join = async () => {
    setPending(true);
    try {
      await joinWaitlist({ order: orderId, date, times, ...(contact ? { contact } : {}) });
      setAnswer({ date, ok: true, text: `You are on the waiting list for ${formatUkDay(date)}. If a time comes free we mail you and hold it for you; see My orders.` });
      onJoined?.();
    } catch (error) {
      setAnswer({ date, ok: false, text: error instanceof Error ? error.message : 'Network Error' });
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="day-waitlist">
      <p>{formatUkDay(date)} is fully booked. Join its waiting list: when a time comes free, the first customer waiting whom it suits is mailed and it is held for them. {WAKING_HOURS_TEXT}</p>
      {shown ? <Alert variant={shown.ok ? 'success' : 'error'}>{shown.text}</Alert> : null}
      {shown?.ok ? null : (
        <CheckboxGroup className="day-waitlist__times" value={times} onChange={(value) => setTimes(value as TimeOfDay[])} isDisabled={pending}>
          <Label className="field__label">Times that suit you</Label>
          <Text slot="description" className="field__description">UK time. Leave them all unticked if any time suits you.</Text>
          {TIMES_OF_DAY.map((time) => (
            <Checkbox key={time} value={time}>{TIME_OF_DAY_LABELS[time]}</Checkbox>
          ))}
        </CheckboxGroup>
      )}
      {shown?.ok ? null : (
        <Button variant="secondary" size="sm" isPending={pending} onPress={() => void join()}>
          Join the waiting list
        </Button>
      )}
    </div>
  );
}
