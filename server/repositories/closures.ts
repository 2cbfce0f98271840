import type { Closure } from '../../openapi/schema';
import type { Database } from '../db/database';
import { bookedJobs } from './teams';


/** Days the company is shut (008_teams_and_hours.sql), as the Closures section of /settings shows them. */
export function closuresRepository(db: Database) {
  return {
    async from(today: string): Promise<Closure[]> {
      const rows = await db.query<{ date: string; reason: string }>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS date, reason FROM closures WHERE day >= $1::date ORDER BY day`,
        [today],
      );
      // Sequential: db may be a transaction's single client, and pg deprecates overlapping queries on it.
      const closures: Closure[] = [];
      for (const row of rows) closures.push({ ...row, jobs: await bookedJobs(db, row.date, row.date) });
      return closures;
    },

    /** False when the day is closed already. */
    async add(date: string, reason: string): Promise<boolean> {
      return (await db.query('INSERT INTO closures (day, reason) VALUES ($1::date, $2) ON CONFLICT (day) DO NOTHING RETURNING day', [date, reason])).length > 0;
    },

    async remove(date: string): Promise<boolean> {
      return (await db.query('DELETE FROM closures WHERE day = $1::date RETURNING day', [date])).length > 0;
    },
  };
}
