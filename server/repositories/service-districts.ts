import type { Database } from '../db/database';

/** The postcode districts served and the addresses waiting for one (035b_service_districts.sql). */
export function serviceDistrictsRepository(db: Database) {
  return {
    async list(): Promise<string[]> {
      return (await db.query<{ district: string }>('SELECT district FROM service_districts ORDER BY district')).map((row) => row.district);
    },
    async serves(district: string): Promise<boolean> {
      return (await db.query('SELECT 1 FROM service_districts WHERE district = $1', [district])).length > 0;
    },
    /** True when the district was not served before. */
    async add(district: string): Promise<boolean> {
      return (await db.query('INSERT INTO service_districts (district) VALUES ($1) ON CONFLICT DO NOTHING RETURNING district', [district])).length > 0;
    },
    /** True when the district was served. */
    async remove(district: string): Promise<boolean> {
      return (await db.query('DELETE FROM service_districts WHERE district = $1 RETURNING district', [district])).length > 0;
    },
    /** Adds an address to a district's list; true when it was not on it already. */
    async wait(email: string, district: string, at: Date): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO service_area_waitlist (email, district, created_at) VALUES ($1, $2, $3) ON CONFLICT (email, district) DO NOTHING RETURNING id`,
        [email, district, at],
      );
      return rows.length > 0;
    },
    /** Marks the district's waiting addresses told and answers them: each is answered once, ever. */
    async takeWaiting(district: string, at: Date): Promise<string[]> {
      const rows = await db.query<{ email: string }>(
        `UPDATE service_area_waitlist SET notified_at = $2 WHERE district = $1 AND notified_at IS NULL RETURNING email`,
        [district, at],
      );
      return rows.map((row) => row.email);
    },
  };
}
