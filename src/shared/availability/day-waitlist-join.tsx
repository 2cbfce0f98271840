import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { timesOf, type availabilityMachine } from '../../../machines/availability.machine';
import { joinWaitlist } from '../../api/waitlist';
import { Alert, Button } from '../../components/ui';
import { formatUkDay } from '../../lib/dates';

type AvailabilityRef = ActorRefFrom<typeof availabilityMachine>;

/**
 * Beside a fully booked day (decision 056): join its waiting list with this booking's draft (its
 * items and address are kept), or, in the reschedule dialog, with the booked visit to move there
 * (decision 067). One press, one answer, so no machine: the offer that may follow is the waitlist
 * offer machine's, or the reschedule dialog's, on My orders.
 */
export function DayWaitlistJoin({ availabilityRef, orderId, onJoined }: { availabilityRef: AvailabilityRef; orderId: number | null; onJoined?: () => void }) {
  const date = useSelector(availabilityRef, (s) => s.context.date);
  const full = useSelector(availabilityRef, (s) => {
    const day = timesOf(s.context);
    return day !== null && day.status === 'full' && day.times.length > 0;
  });
  const [answer, setAnswer] = useState<{ date: string; ok: boolean; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  if (!full || orderId === null) return null;
  const shown = answer?.date === date ? answer : null;
  const join = async () => {
    setPending(true);
    try {
      await joinWaitlist({ order: orderId, date });
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
      <p>{formatUkDay(date)} is fully booked. Join its waiting list: when a time comes free, the first customer waiting is mailed and it is held for them.</p>
      {shown ? <Alert variant={shown.ok ? 'success' : 'error'}>{shown.text}</Alert> : null}
      {shown?.ok ? null : (
        <Button variant="secondary" size="sm" isPending={pending} onPress={() => void join()}>
          Join the waiting list
        </Button>
      )}
    </div>
  );
}
