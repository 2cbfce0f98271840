/**
 * Run as `node --import tsx --expose-gc heap-growth-probe.ts <percent>` (tests/unit/heap-growth.test.ts):
 * keeps about 60 MB alive, collects fully, then allocates objects that live long enough to be promoted
 * and die, until V8 starts a full collection of its own. Prints how large the heap grew before it, as
 * a share of what the forced collection kept.
 */
import { getHeapSpaceStatistics } from 'node:v8';
import { setHeapGrowth } from '../../server/lib/heap-growth';

setHeapGrowth(Number(process.argv[2]));
const gc = (globalThis as { gc?: () => void }).gc!;
const chunk = () => Array.from({ length: 10_000 }, (_, i) => ({ i, s: `item ${i}` }));
const live = Array.from({ length: 100 }, chunk);
gc();
/** The old generation alone: it grows by promotion only and shrinks at a full collection only. */
const old = () => getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')!.space_used_size;
const kept = old();
let peak = kept;
const recent: unknown[] = [];
for (let n = 0; n < 5_000; n += 1) {
  recent.push(chunk());
  if (recent.length > 40) recent.shift();
  const used = old();
  // A full collection frees the promoted garbage at once.
  if (used < peak * 0.9) break;
  peak = Math.max(peak, used);
}
// `live` is read last so that it stays alive, and kept, until the end.
console.log(JSON.stringify({ growth: peak / kept, live: live.length }));
