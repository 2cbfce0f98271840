/**
 * Run by tests/unit/kysely-handles-die-young.test.ts in a process of its own, with --expose-gc:
 * builds a statement on each of 4,000 transaction-like handles, drops them, and collects with
 * scavenges only (the young generation's collector, as between a server's full collections). It
 * prints how much the old generation grew: what those dropped handles left promoted.
 */
import v8 from 'node:v8';
import type { Database } from '../../server/db/database';
import { kysely } from '../../server/db/kysely';

const collect = (globalThis as { gc?: (options?: { type: 'minor' | 'major' }) => void }).gc;
if (!collect) throw new Error('run with --expose-gc');
const oldGeneration = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')!.space_used_size;
const handle = (): Database => ({ query: async () => [], transaction: async (fn) => fn(handle()), close: async () => {} });

/** As requests come: a few handles, then the event loop turns. */
async function requests(count: number): Promise<void> {
  for (let n = 0; n < count; n += 1) kysely(handle()).selectFrom('orders').select('id').where('id', '=', n).compile();
}

// As in a server that has run a while: handles that live on (a pool's), in the old generation.
const longLived = Array.from({ length: 3_000 }, () => {
  const kept = handle();
  kysely(kept).selectFrom('orders').select('id').compile();
  return kept;
});
collect({ type: 'major' });
const before = oldGeneration();
for (let round = 0; round < 20; round += 1) {
  await requests(200);
  collect({ type: 'minor' });
}
collect({ type: 'minor' });
collect({ type: 'minor' });
process.stdout.write(JSON.stringify({ grewBytes: oldGeneration() - before, kept: longLived.length }));
