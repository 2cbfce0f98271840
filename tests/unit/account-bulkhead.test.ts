import { describe, expect, it } from 'vitest';
import { createAccountBulkhead, TOO_MANY_AT_ONCE } from '../../server/lib/account-bulkhead';
import { HttpError } from '../../server/lib/http-error';

/** A piece of work that runs until the test lets it finish, and says when it started. */
function heldWork(log: string[], name: string) {
  let finish!: (value: string) => void;
  const done = new Promise<string>((resolve) => (finish = resolve));
  return {
    work: () => {
      log.push(`start ${name}`);
      return done;
    },
    finish: () => finish(name),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('an account bulkhead', () => {
  it('runs one account’s work one at a time, in the order asked, and other accounts beside it', async () => {
    const bulkhead = createAccountBulkhead({ maxWaiting: 8 });
    const log: string[] = [];
    const [a1, a2, a3, b1] = [heldWork(log, 'a1'), heldWork(log, 'a2'), heldWork(log, 'a3'), heldWork(log, 'b1')];
    const answers = [bulkhead.run(1, a1.work), bulkhead.run(1, a2.work), bulkhead.run(1, a3.work), bulkhead.run(2, b1.work)];
    await settle();
    expect(log).toEqual(['start a1', 'start b1']);
    a1.finish();
    await settle();
    expect(log).toEqual(['start a1', 'start b1', 'start a2']);
    a2.finish();
    await settle();
    expect(log).toEqual(['start a1', 'start b1', 'start a2', 'start a3']);
    a3.finish();
    b1.finish();
    expect(await Promise.all(answers)).toEqual(['a1', 'a2', 'a3', 'b1']);
    expect(bulkhead.busyAccounts).toBe(0);
  });

  it('refuses with 429 beyond the waiting allowed, and takes the account again once it is free', async () => {
    const bulkhead = createAccountBulkhead({ maxWaiting: 2 });
    const log: string[] = [];
    const held = [1, 2, 3].map((n) => heldWork(log, `a${n}`));
    const answers = held.map((h) => bulkhead.run(7, h.work));
    const refused = bulkhead.run(7, async () => 'never');
    await expect(refused).rejects.toEqual(new HttpError(429, TOO_MANY_AT_ONCE));
    await expect(refused).rejects.toMatchObject({ statusCode: 429 });
    for (const h of held) {
      h.finish();
      await settle();
    }
    expect(await Promise.all(answers)).toEqual(['a1', 'a2', 'a3']);
    expect(log).toEqual(['start a1', 'start a2', 'start a3']);
    expect(await bulkhead.run(7, async () => 'again')).toBe('again');
    expect(bulkhead.busyAccounts).toBe(0);
  });

  it('lets the next one run when a piece of work fails', async () => {
    const bulkhead = createAccountBulkhead({ maxWaiting: 8 });
    const failing = bulkhead.run(3, async () => {
      throw new Error('database gone');
    });
    const next = bulkhead.run(3, async () => 'next');
    await expect(failing).rejects.toThrow('database gone');
    expect(await next).toBe('next');
    expect(bulkhead.busyAccounts).toBe(0);
  });
});
