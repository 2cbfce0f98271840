import { kysely } from '../db/kysely';
import type { Database } from '../db/database';

/** The postcode districts served and the addresses waiting for one (035b_service_districts.sql). */
export function serviceDistrictsRepository(db: Database) {
  const k = kysely(db);
  return {
    async list(): Promise<string[]> {
      return (await k.selectFrom('service_districts').select('district').orderBy('district').execute()).map((row) => row.district);
    },
    async serves(district: string): Promise<boolean> {
      return (await k.selectFrom('service_districts').select('district').where('district', '=', district).execute()).length > 0;
    },
    /** True when the district was not served before. */
    async add(district: string): Promise<boolean> {
      const rows = await k.insertInto('service_districts').values({ district }).onConflict((oc) => oc.doNothing()).returning('district').execute();
      return rows.length > 0;
    },
    /** True when the district was served. */
    async remove(district: string): Promise<boolean> {
      return (await k.deleteFrom('service_districts').where('district', '=', district).returning('district').execute()).length > 0;
    },
    /** Adds an address to a district's list; true when it was not on it already. */
    async wait(email: string, district: string, at: Date): Promise<boolean> {
      const rows = await k
        .insertInto('service_area_waitlist')
        .values({ email, district, created_at: at })
        .onConflict((oc) => oc.columns(['email', 'district']).doNothing())
        .returning('id')
        .execute();
      return rows.length > 0;
    },
    /** Marks the district's waiting addresses told and answers them: each is answered once, ever. */
    async takeWaiting(district: string, at: Date): Promise<string[]> {
      const rows = await k
        .updateTable('service_area_waitlist')
        .set({ notified_at: at })
        .where('district', '=', district)
        .where('notified_at', 'is', null)
        .returning('email')
        .execute();
      return rows.map((row) => row.email);
    },
  };
}
