import { listDayWaitlist } from '../../../api/waitlist';
import { useRequest } from '../../../shared/use-request';
import { formatLondon, londonClock } from '../../../../domain/time/london-time';
import { timesOfDayText } from '../../../../domain/waitlist/times-of-day';

/** The day's waiting list under the board (decision 056): who waits, first come first, the times that suit them (085), and any time held. */
export function DayWaitlist({ day }: { day: string }) {
  const waitlist = useRequest(listDayWaitlist, { auto: true, params: day });
  const entries = waitlist.data ?? [];
  return (
    <section className="schedule__waitlist" aria-labelledby="day-waitlist-title">
      <h3 id="day-waitlist-title">Waiting list</h3>
      {waitlist.error ? <p role="alert">{waitlist.error}</p> : null}
      {waitlist.data && entries.length === 0 ? <p>Nobody is waiting for this day.</p> : null}
      {entries.length > 0 ? (
        <ol aria-label="Waiting list">
          {entries.map((entry) => (
            <li key={entry.id}>
              {entry.customer}, {entry.service}
              {timesOfDayText(entry.times) ? ` (${timesOfDayText(entry.times)} only)` : ''}:{' '}
              {entry.status === 'offered' && entry.held_due && entry.held_until
                ? `offered ${londonClock(entry.held_due)}, held until ${formatLondon(entry.held_until)}`
                : `waiting since ${formatLondon(entry.joined)}`}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
