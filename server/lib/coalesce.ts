/**
 * Group work for the database (issue 6, goal 4): PGlite has one connection, so fifty callers each
 * running their own statements wait in one line, and each round trip costs far more than the row
 * it carries. A coalescer sends the callers that arrived while the previous batch was in the
 * database as ONE batch (one set-based statement), then answers each caller on its own.
 *
 * - No timer: a caller alone runs on the next turn of the event loop; batches only form under load,
 *   from callers that would have waited anyway. A batch starts after its callers asked, so an answer
 *   never reflects less than what was committed when it was asked.
 * - Each caller gets its own answer: `run` returns one result per input, in order, and an Error
 *   in place of a result fails that caller only.
 * - A failing batch does not fail its neighbours: when `run` throws for several inputs, each is
 *   retried alone, so only the input that fails by itself gets the error.
 */
export type BatchRunner<I, O> = (inputs: I[]) => Promise<Array<O | Error>>;

interface Pending<I, O> {
  input: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

export function createCoalescer<I, O>(run: BatchRunner<I, O>, options: { maxBatch?: number } = {}): (input: I) => Promise<O> {
  const maxBatch = options.maxBatch ?? 200;
  const queue: Pending<I, O>[] = [];
  let busy = false;

  const settle = (pending: Pending<I, O>, result: O | Error | undefined) => {
    if (result instanceof Error) pending.reject(result);
    else if (result === undefined) pending.reject(new Error('The batch gave no answer for this input'));
    else pending.resolve(result);
  };

  async function runBatch(batch: Pending<I, O>[]): Promise<void> {
    try {
      const results = await run(batch.map((pending) => pending.input));
      batch.forEach((pending, index) => settle(pending, results[index]));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      // Find the one(s) that fail by themselves; the others still get their answer.
      for (const pending of batch) await runBatch([pending]);
    }
  }

  // One batch at a time; the next one starts on a later turn of the event loop, so the requests
  // that arrived while the database was busy have been read and join it.
  async function drain(): Promise<void> {
    await runBatch(queue.splice(0, maxBatch));
    if (queue.length > 0) setImmediate(() => void drain());
    else busy = false;
  }

  return (input) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      if (busy) return;
      busy = true;
      // After the requests that have already arrived were read (setImmediate runs once the event
      // loop has handled its pending input): PGlite runs queries synchronously, so a batch started
      // at once would block the loop before the next request could join it.
      setImmediate(() => void drain());
    });
}
