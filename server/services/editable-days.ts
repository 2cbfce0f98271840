import { editableDaysProblem } from '../../domain/time/editable-days';
import { badRequest } from '../lib/http-error';

/** Refuses (400) days an administrator may no longer close or mark off (the rule: domain/time/editable-days.ts). */
export function assertEditableDays(from: string, to: string, now: Date, what: string): void {
  const problem = editableDaysProblem(from, to, now, what);
  if (problem) throw badRequest(problem);
}
