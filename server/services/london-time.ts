import { clockChangeProblem } from '../../domain/time/london-time';
import { badRequest } from '../lib/http-error';

/** Refuses (400) a UK date and time that the clocks skip or show twice (the rule: domain/time/london-time.ts). */
export function assertRealLondonTime(date: string, time: string): void {
  const problem = clockChangeProblem(date, time);
  if (problem) throw badRequest(problem);
}
