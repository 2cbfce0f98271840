import { afterAll, beforeAll } from 'vitest';
import { catalogue, createClock, HOUR, type Catalogue, type Clock } from '../booking-fixtures';
import { startTestServer, type TestCustomer, type TestServer, type TestServerOptions } from './test-server';
import { startedLater } from '../../support/started-later';

export interface ShopForFile {
  /** The server's clock, starting at `start`. */
  clock: Clock;
  /** `hours` after the clock's now. */
  inHours: (hours: number) => Date;
  server: TestServer;
  /** The seeded administrator's token (replace it after moving the clock past its 12 hours). */
  admin: { token: string };
  /** One confirmed customer, named `customer`. */
  jane: TestCustomer;
  /** That customer's catalogue: the first service and its items. */
  house: Catalogue;
  /** Time passes to `instant`: the administrator's, the customer's and `others`' sessions are opened again then. */
  travelTo: (instant: Date, ...others: TestCustomer[]) => Promise<void>;
}

type ServerOptions = Omit<TestServerOptions, 'now'>;

/**
 * The set-up the money suites repeated (admin-refunds, later-invoices, invoice-documents, one-truth,
 * cleaners, check-out-photos): a test server on a clock of the file's own, the administrator signed
 * in, one customer registered and confirmed, and the first service's catalogue. Started in
 * beforeAll (before any beforeAll the file declares after calling this), closed in afterAll; the
 * handles stand for what beforeAll makes, as with the e2e specs' ownServerForFile. `server`: the
 * test server's options, or a function answering them in that beforeAll (options naming something
 * started first, such as a provider's local fake and its URL).
 */
export function shopForFile(options: { start: string; customer: string; server?: ServerOptions | (() => Promise<ServerOptions>) }): ShopForFile {
  const clock = createClock(options.start);
  let server: TestServer | undefined;
  let shop: Pick<ShopForFile, 'admin' | 'jane' | 'house'> | undefined;
  beforeAll(async () => {
    const serverOptions = typeof options.server === 'function' ? await options.server() : options.server;
    server = await startTestServer({ ...serverOptions, now: clock.now });
    const admin = { token: await server.adminToken() };
    const jane = await server.createCustomer({ name: options.customer });
    shop = { admin, jane, house: await catalogue(server, jane.token) };
  });
  afterAll(async () => server?.close());
  return {
    clock,
    inHours: (hours) => new Date(clock.now().getTime() + hours * HOUR),
    server: startedLater('the test server', () => server),
    admin: startedLater('the admin', () => shop?.admin),
    jane: startedLater('the customer', () => shop?.jane),
    house: startedLater('the catalogue', () => shop?.house),
    async travelTo(instant, ...others) {
      clock.set(instant);
      for (const customer of [shop!.jane, ...others]) customer.token = await server!.login(customer.email, customer.password);
      shop!.admin.token = await server!.adminToken();
    },
  };
}
