import type { AppContext } from '../../../server/app-context';
import type { Config } from '../../../server/config';
import type { Database } from '../../../server/db/database';
import type { Mail } from '../../../server/queue/mail';
import { DEFAULT_RATE_LIMITS } from '../../../server/rate-limits';
import { testConfig } from '../../api/support/test-config';

/**
 * What the account services (sessions, profiles, password reset, limits) are built with in the
 * server, on a test file's database: the production rate limits unless `config` says otherwise, a
 * clock the test moves, and the mails written to the outbox kept in `mails` with the handle they
 * were written on (a transaction, so they exist only if the change commits).
 */
export function serviceContext(db: () => Database, start: Date, config: Partial<Config> = {}) {
  const clock = { now: start };
  const mails: Array<{ tx: Database; mail: Mail }> = [];
  const ctx: AppContext = {
    get db() {
      return db();
    },
    get readDb() {
      return db();
    },
    config: testConfig({ rateLimits: DEFAULT_RATE_LIMITS, ...config }),
    outbox: { add: async (tx, mail) => void mails.push({ tx, mail }), site: { publicUrl: 'http://localhost:3000', vatNumber: 'GB 123 4567 89' } },
    payments: null,
    now: () => clock.now,
  };
  return { ctx, clock, mails };
}
