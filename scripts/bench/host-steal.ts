/**
 * Time the host took from this virtual machine ("steal" in /proc/stat): CPU time its cores were
 * ready to run and the hypervisor ran something else. On the two-core machine the bench runs on, it
 * comes in bursts of 40–90 ms about once a second under load, and while it lasts no request of either
 * kind finishes (docs/benchmarks.md, "The host's stolen time"). The open loop's p99 then measures the
 * host as much as the code; these figures say how much, beside it.
 */
import { readFileSync } from 'node:fs';

/** One reading: when (ms since the epoch) and the ticks (USER_HZ) stolen and spent in all, every core summed. */
export interface StealSample { at: number; steal: number; total: number }

const BIN_MS = 100;

export function readSteal(at: number = Date.now()): StealSample | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already counted in user).
    return { at, steal: fields[7] ?? 0, total: fields.slice(0, 8).reduce((sum, n) => sum + n, 0) };
  } catch {
    return null;
  }
}

/** Reads /proc/stat every `everyMs` until stopped; off Linux it reads nothing. */
export function watchSteal(everyMs = 20): { stop(): StealSample[] } {
  const samples: StealSample[] = [];
  const take = () => {
    const sample = readSteal();
    if (sample) samples.push(sample);
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return samples;
    },
  };
}

/** The share of all the cores' time that was stolen between the first and the last reading. */
export function stolenShare(samples: readonly StealSample[]): number {
  if (samples.length < 2) return 0;
  const [first, last] = [samples[0]!, samples.at(-1)!];
  return last.total > first.total ? (last.steal - first.steal) / (last.total - first.total) : 0;
}

/**
 * Whether a request sent at `at` met none of the stolen time: nothing was stolen in its 100 ms nor in
 * the 100 ms before (a stall's backlog drains into the next moments). Chosen by when it was sent,
 * never by how long it took, so a request slow for its own reasons is kept.
 */
export function sentWhileNothingStolen(samples: readonly StealSample[]): (at: number) => boolean {
  const stolen = new Set<number>();
  for (let n = 1; n < samples.length; n += 1) {
    const [before, after] = [samples[n - 1]!, samples[n]!];
    if (after.steal <= before.steal) continue;
    for (let bin = Math.floor(before.at / BIN_MS); bin <= Math.floor(after.at / BIN_MS); bin += 1) stolen.add(bin);
  }
  const from = samples[0]?.at ?? Infinity;
  const to = samples.at(-1)?.at ?? -Infinity;
  return (at) => {
    if (at < from || at > to) return false;
    const bin = Math.floor(at / BIN_MS);
    return !stolen.has(bin) && !stolen.has(bin - 1);
  };
}
