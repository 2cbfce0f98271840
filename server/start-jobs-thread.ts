import { Worker } from 'node:worker_threads';

export interface JobsThread {
  /** Stops the workers (running jobs finish, up to `timeoutMs`), then the thread. */
  stop(timeoutMs: number): Promise<void>;
}

const JOBS_THREAD_URL = new URL('./jobs-thread.ts', import.meta.url).href;

/** How long a jobs thread that ended unasked waits before the next is started. */
const RESTART_DELAY_MS = 1_000;

/**
 * Starts the jobs thread (jobs-thread.ts, decision 136) and resolves once its workers run. One that
 * ends unasked (an uncaught error, its database lost at start) is logged and started again: mail
 * must not stop going out while the requests are served on.
 */
export async function startJobsThread(log: (message: string, error?: unknown) => void): Promise<JobsThread> {
  let stopping = false;
  let current = await started();
  let restart: NodeJS.Timeout | undefined;

  function watch(worker: Worker): void {
    worker.on('error', (error) => log('The jobs thread failed', error));
    worker.once('exit', (code) => {
      if (stopping || worker !== current) return;
      log(`The jobs thread ended (${code}); starting it again`);
      restart = setTimeout(() => {
        started().then((next) => {
          current = next;
          if (stopping) void stopWorker(next, 1_000);
        }, (error: unknown) => log('The jobs thread did not start again', error));
      }, RESTART_DELAY_MS);
    });
  }

  async function started(): Promise<Worker> {
    // A thread gets this one's flags but not its module hooks (Node 20): tsx is registered in it first.
    const worker = new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(JOBS_THREAD_URL)}); })`, { eval: true });
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
