import type { Closure, NewClosure } from '../../openapi/schema';
import type { Database } from '../db/database';
import { conflict, notFound } from '../lib/http-error';
import { availabilityRepository } from '../repositories/availability-repository';
import { closuresRepository } from '../repositories/closures';
import { bookedJobs } from '../repositories/teams';
import { assertEditableDays } from './editable-days';
import { isEditableDay } from '../../domain/time/editable-days';
import { londonDate } from '../../domain/time/london-time';
import type { MailOutbox } from '../queue';
import { setAsideVisits } from './closure-moves';


/**
 * Company closures (issue 15, /settings; decision 022). The customers' calendar reads them on its
 * next request (availability is never cached), and checkout refuses a closed day (claimTeam). Adding
 * one takes the day's lock, so a checkout in flight for that day either committed first (its job is
 * then counted in `jobs`) or reads the closure.
 */
export async function listClosures(db: Database, now: Date): Promise<Closure[]> {
  return closuresRepository(db).from(londonDate(now));
}

/**
 * Closing a day sets aside the visits booked on it and mails their customers a link to choose
 * another time (decision 048), in the closure's transaction: the mails go if and only if it closed.
 */
export async function addClosure(
  deps: { db: Database; outbox: MailOutbox; secret: string },
  input: NewClosure,
  now: Date,
): Promise<Closure> {
  const reason = (input.reason ?? '').trim();
  assertEditableDays(input.date, input.date, now, 'A closure');
  return deps.db.transaction(async (tx) => {
    await availabilityRepository(tx).lockDay(input.date);
    if (!(await closuresRepository(tx).add(input.date, reason))) throw conflict(`We are already closed on ${input.date}`);
    const visits = await setAsideVisits(tx, { outbox: deps.outbox, secret: deps.secret, now }, input.date, reason);
    return { date: input.date, reason, jobs: await bookedJobs(tx, input.date, input.date), visits };
  });
}

export async function removeClosure(db: Database, date: string, now: Date): Promise<Closure[]> {
  // Only days that could be closed reach the database (it has no year 0, for one).
  if (!isEditableDay(date, now) || !(await closuresRepository(db).remove(date))) throw notFound(`We are not closed on ${date}`);
  return listClosures(db, now);
}
