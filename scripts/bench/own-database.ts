import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A database of its own on the PostgreSQL server of `url` (created now, dropped by `drop`), so a
 * bench never touches what else the server holds; with no `url` (PGlite), nothing to create.
 * BENCH_KEEP_DATABASE=1 keeps it afterwards, and says its name, to look into what the bench left.
 */
export async function ownDatabase(url: string | undefined): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  if (!url) return { url: undefined, drop: async () => {} };
  const name = `sparkle_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const keep = process.env.BENCH_KEEP_DATABASE === '1';
  return {
    url: target.toString(),
    drop: keep ? async () => console.log(`kept the bench's database: ${name}`) : () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
