import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startJobsThread } from '../../server/start-jobs-thread';

/**
 * The jobs thread (decision 136) that ends unasked is started again, and again while a start fails:
 * an instance that kept serving requests without it would never send another mail.
 */
describe('the jobs thread', () => {
  it('ended unasked, is started again until a start succeeds, and stops when asked', async () => {
    const counter = path.join(mkdtempSync(path.join(os.tmpdir(), 'jobs-thread-')), 'starts');
    writeFileSync(counter, '0');
    process.env.JOBS_THREAD_STARTS = counter;
    const logged: string[] = [];
    const entry = pathToFileURL(path.resolve(__dirname, '../support/jobs-thread-that-ends.ts')).href;
    const thread = await startJobsThread((message) => logged.push(message), { entry, restartDelayMs: 20 });

    await expect.poll(() => readFileSync(counter, 'utf8'), { timeout: 20_000 }).toBe('3');
    expect(logged).toEqual(['The jobs thread ended (3); starting it again', 'The jobs thread did not start again']);
    await thread.stop(1_000);
    expect(readFileSync(counter, 'utf8')).toBe('3');
  }, 30_000);
});
