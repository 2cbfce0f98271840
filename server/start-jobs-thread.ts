import { Worker } from 'node:worker_threads';

export interface JobsThread {
  /** Stops the workers (running jobs finish, up to `timeoutMs`), then the thread. */
  stop(timeoutMs: number): Promise<void>;
}

const JOBS_THREAD_URL = new URL('./jobs-thread.ts', import.meta.url).href;

/** The first wait before a jobs thread that ended unasked is started again; doubled after each failed start. */
const RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;

/**
 * Starts the jobs thread (jobs-thread.ts, decision 136) and resolves once its workers run. One that
 * ends unasked (an uncaught error, the database lost) is logged and started again, and again while
 * a start fails (the database still away): mail must not stop for good while requests are served on.
 * `entry` and `restartDelayMs` are the tests'.
 */
export async function startJobsThread(
  log: (message: string, error?: unknown) => void,
  options: { entry?: string; restartDelayMs?: number } = {},
): Promise<JobsThread> {
  const entry = options.entry ?? JOBS_THREAD_URL;
  const firstDelay = options.restartDelayMs ?? RESTART_DELAY_MS;
  let stopping = false;
  let restart: NodeJS.Timeout | undefined;
  let current = await started();

  function restartAfter(delay: number): void {
    restart = setTimeout(() => {
      started().then((next) => {
        current = next;
        if (stopping) void stopWorker(next, 1_000);
      }, (error: unknown) => {
        log('The jobs thread did not start again', error);
        if (!stopping) restartAfter(Math.min(delay * 2, MAX_RESTART_DELAY_MS));
      });
    }, delay);
  }

  function watch(worker: Worker): void {
    worker.on('error', (error) => log('The jobs thread failed', error));
    worker.once('exit', (code) => {
      if (stopping || worker !== current) return;
      log(`The jobs thread ended (${code}); starting it again`);
      restartAfter(firstDelay);
    });
  }

  async function started(): Promise<Worker> {
    // A thread gets this one's flags but not its module hooks (Node 20): tsx is registered in it first.
    const worker = new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`, { eval: true });
    await new Promise<void>((resolve, reject) => {
      worker.once('message', (message) => (message === 'ready' ? resolve() : reject(new Error(`The jobs thread said ${String(message)}`))));
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`The jobs thread exited (${code}) before its workers ran`)));
    });
    watch(worker);
    return worker;
  }

  return {
    async stop(timeoutMs) {
      stopping = true;
      clearTimeout(restart);
      await stopWorker(current, timeoutMs);
    },
  };
}

async function stopWorker(worker: Worker, timeoutMs: number): Promise<void> {
  const stopped = new Promise<void>((resolve) => {
    worker.on('message', (message) => message === 'stopped' && resolve());
    worker.once('exit', () => resolve());
  });
  worker.postMessage({ stop: timeoutMs });
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([stopped, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs + 1_000)))]);
  clearTimeout(timer);
  await worker.terminate();
}
