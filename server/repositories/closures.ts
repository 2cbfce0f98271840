import type { Closure } from '../../openapi/schema';
import { asDate, dayText, kysely } from '../db/kysely';
import type { Database } from '../db/database';
import { bookedJobs } from './teams';


/** Days the company is shut (008_teams_and_hours.sql), as the Closures section of /settings shows them. */
export function closuresRepository(db: Database) {
  const k = kysely(db);
  return {
    async from(today: string): Promise<Closure[]> {
      const rows = await k
        .selectFrom('closures')
        .select((eb) => [dayText(eb.ref('day')).as('date'), 'reason'])
        .where('day', '>=', asDate(today))
        .orderBy('day')
        .execute();
      // Sequential: db may be a transaction's single client, and pg deprecates overlapping queries on it.
      const closures: Closure[] = [];
      for (const row of rows) closures.push({ ...row, jobs: await bookedJobs(db, row.date, row.date) });
      return closures;
    },

    /** False when the day is closed already. */
    async add(date: string, reason: string): Promise<boolean> {
      const rows = await k.insertInto('closures').values({ day: asDate(date), reason }).onConflict((oc) => oc.column('day').doNothing()).returning('day').execute();
      return rows.length > 0;
    },

    async remove(date: string): Promise<boolean> {
      return (await k.deleteFrom('closures').where('day', '=', asDate(date)).returning('day').execute()).length > 0;
    },
  };
}
