import { startedLater } from '../../support/started-later';
import { startWithFakeStripe } from '../../support/stripe/fake-stripe-payments';
import type { FakeStripe } from '../../support/stripe/fake-stripe';
import { startFakeTwilio, type FakeTwilio } from '../../support/twilio/fake-twilio';
import { startFakeGoCardless, type FakeGoCardless } from '../../support/gocardless/fake-gocardless';
import { expect, test } from './fixtures';
import { startOwnServer, type OwnServer } from './own-server';

/**
 * A spec file's own server (support/own-server.ts), with the hooks each such spec repeated: started
 * in beforeAll (loading the run's seeded PGlite takes a second on a quiet machine, far more on a
 * busy one, hence its own 300 s), closed in afterAll, and the file's tests given `testTimeout`.
 * With `stripe`, the server takes cards through the local fake Stripe, and the file fails if the
 * shop sent Stripe any request its published description refuses. With `twilio`, texts go through
 * the local fake Twilio, and the file fails if the shop sent it a request Twilio would refuse. With `gocardless`, Direct Debit goes
 * through the local fake GoCardless (its hosted pages named at `payOrigin`), and the file fails if the shop sent it a request GoCardless would refuse. `teams`: at least that many teams
 * (named Team 4, Team 5, … after the seed's). `now`: the server's clock (waking-clock.ts for the waiting lists').
 *
 * The handles it returns stand for objects that exist only once beforeAll has run, so a spec keeps
 * writing `server.api()` and `stripe.sessions` at the top level; using them outside a test or hook
 * throws a sentence saying so.
 */
export function ownServerForFile(
  options: { stripe?: boolean; twilio?: boolean; gocardless?: { payOrigin: string }; testTimeout?: number; teams?: number; now?: () => Date } = {},
): { server: OwnServer; stripe: FakeStripe; twilio: FakeTwilio; gocardless: FakeGoCardless } {
  let server: OwnServer | undefined;
  let stripe: FakeStripe | undefined;
  let twilio: FakeTwilio | undefined;
  let gocardless: FakeGoCardless | undefined;
  let stop: (() => Promise<string[]>) | undefined;
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    if (options.stripe) {
      ({ server, stripe, stop } = await startWithFakeStripe('http://localhost', (payments) => startOwnServer({ payments })));
    } else if (options.twilio) {
      // Texts through Twilio's SDK to the local fake Twilio (decision 094).
      const fake = (twilio = await startFakeTwilio());
      server = await startOwnServer({ twilio: { accountSid: fake.accountSid, authToken: fake.authToken, from: '+447700900000', apiUrl: fake.baseUrl } });
      stop = async () => (await server!.close(), await fake.close(), fake.violations);
    } else if (options.gocardless) {
      // Direct Debit through GoCardless's SDK to the local fake GoCardless (decisions 093, 100).
      const fake = (gocardless = await startFakeGoCardless(options.gocardless));
      server = await startOwnServer({ goCardless: { accessToken: fake.accessToken, webhookSecret: fake.webhookSecret, environment: 'sandbox', apiUrl: fake.apiUrl } });
      fake.webhookUrl = `${server.baseUrl}/payments/gocardless/webhooks`;
      stop = async () => (await server!.close(), await fake.close(), fake.violations);
    } else {
      server = await startOwnServer(options.now ? { now: options.now } : {});
      stop = async () => (await server!.close(), []);
    }
    if (options.teams) {
      await server!.db.query(`INSERT INTO teams (name, position) SELECT 'Team ' || n, n FROM generate_series(4, $1::int) AS n ON CONFLICT (name) DO NOTHING`, [options.teams]);
    }
  });
  test.afterAll(async () => {
    const violations = await stop?.();
    if (violations) expect(violations).toEqual([]);
  });
  test.describe.configure({ timeout: options.testTimeout ?? 120_000 });
  return {
    server: startedLater('the own server', () => server), stripe: startedLater('the fake Stripe', () => stripe),
    twilio: startedLater('the fake Twilio', () => twilio), gocardless: startedLater('the fake GoCardless', () => gocardless),
  };
}
