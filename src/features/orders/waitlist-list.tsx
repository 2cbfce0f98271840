import { Button } from '../../components/ui';
import { formatDateTime } from '../../lib/dates';
import type { WaitlistEntry } from '../../../openapi/schema';
import { timesOfDayText } from '../../../domain/waitlist/times-of-day';

/** My waiting lists (decision 056): each full day I wait for, a time held for me with Book it, and Leave. */
export function WaitlistList({ entries, onLeave, leavingId }: {
  entries: readonly WaitlistEntry[];
  onLeave: (entry: WaitlistEntry) => void;
  leavingId: number | null;
}) {
  if (entries.length === 0) return null;
  return (
    <section className="my-orders__waitlist" aria-labelledby="waitlist-heading">
      <h2 id="waitlist-heading">Waiting lists</h2>
      <ul aria-label="Waiting lists">
        {entries.map((entry) => (
          <li key={entry.id}>
            <span>
              {entry.service} on {entry.date}{timesOfDayText(entry.times) ? `, ${timesOfDayText(entry.times)}` : ''}:{' '}
              {entry.status === 'offered' && entry.held_due && entry.held_until
                ? <>a time is held for you, {formatDateTime(entry.held_due)} (UK time), until {formatDateTime(entry.held_until)}. See the link in your mail.</>
                : 'waiting for a time to come free.'}
            </span>{' '}
            <Button size="sm" variant="secondary" isPending={leavingId === entry.id} onPress={() => onLeave(entry)} aria-label={`Leave the waiting list for ${entry.date}`}>
              Leave
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
