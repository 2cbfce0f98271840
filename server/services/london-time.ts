/** UK time has one home, shared with the client and the mails: src/lib/london-time.ts. */
import { clockChangeProblem } from '../../domain/time/london-time';
import { badRequest } from '../lib/http-error';

export { clockChangeProblem, earliestStart, formatLondon, londonDate, londonLocalToInstant } from '../../domain/time/london-time';
export { londonDaysSpan } from '../../domain/time/london-days';

/** Refuses (400) a UK date and time that the clocks skip or show twice (src/lib/london-time.ts). */
export function assertRealLondonTime(date: string, time: string): void {
  const problem = clockChangeProblem(date, time);
  if (problem) throw badRequest(problem);
}
