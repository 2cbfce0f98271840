import type { JobVisit } from '../../openapi/schema';
import { londonClock } from '../../domain/time/london-time';

/** HH:mm, UK time. */
const clock = (instant: string) => londonClock(instant);

/**
 * What the team has recorded of a job's day, in the words the schedule board and the cleaner's
 * page both show ("checked in 09:03", decision 040); null when nothing yet.
 */
export function visitWords(visit: JobVisit): string | null {
  const parts: string[] = [];
  if (visit.checked_in_at) parts.push(`checked in ${clock(visit.checked_in_at)}`);
  else if (visit.on_my_way_at) parts.push(`on the way since ${clock(visit.on_my_way_at)}`);
  if (visit.checked_out_at) parts.push(`checked out ${clock(visit.checked_out_at)}`);
  return parts.length ? parts.join(', ') : null;
}
