import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * A transaction's handle and its Kysely die young (decision 121). Kept in a WeakMap whose value
 * reaches its key, each survived every scavenge (V8's young collector holds ephemeron values
 * strongly) and was promoted: 4,000 dropped handles grew the old generation by 27–35 MB, so each
 * checkout brought the server's next full collection, and its pause, closer. Kept on the handle
 * with one shared compiler, they grow it by 4–6 MB. V8's pretenuring is off in that process: the
 * handles that live on would otherwise teach it to allocate every later one old, whoever holds it.
 */
describe('a dropped handle and its query builder', () => {
  it('are collected young: 4,000 of them promote under 12 MB', async () => {
    const script = path.resolve(__dirname, '../support/kysely-handles-die-young.ts');
    const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--no-allocation-site-pretenuring', '--import', 'tsx', script], { cwd: path.resolve(__dirname, '../..') });
    const { grewBytes } = JSON.parse(stdout) as { grewBytes: number };
    expect(grewBytes).toBeLessThan(12 * 1024 * 1024);
  }, 60_000);
});
