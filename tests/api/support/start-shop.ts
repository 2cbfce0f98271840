import { catalogue, type Catalogue, type Clock } from '../booking-fixtures';
import { startTestServer, type TestCustomer, type TestServer } from './test-server';

export interface Shop {
  server: TestServer;
  /** The seeded administrator's token. */
  admin: string;
  /** The customers named, registered and confirmed, in that order. */
  people: TestCustomer[];
  /** The first service's catalogue. */
  house: Catalogue;
}

/**
 * A test server on the file's clock with the administrator signed in, the customers named
 * (or one unnamed customer) confirmed, and the first service's catalogue: the beforeAll that the
 * money and waiting-list suites share. `teams`: as startTestServer's.
 */
export async function startShop(clock: Clock, options: { teams?: number; customers?: string[] } = {}): Promise<Shop> {
  const server = await startTestServer({ now: clock.now, ...(options.teams ? { teams: options.teams } : {}) });
  const admin = await server.adminToken();
  const people: TestCustomer[] = [];
  for (const name of options.customers ?? [undefined]) people.push(await server.createCustomer(name ? { name } : {}));
  return { server, admin, people, house: await catalogue(server, people[0]!.token) };
}
