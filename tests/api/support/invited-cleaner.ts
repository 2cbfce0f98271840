import { expect } from 'vitest';
import type { Cleaner } from '../../../openapi/schema';
import { send } from '../booking-fixtures';
import type { TestServer } from './test-server';

export const CLEANER_PASSWORD = 'cleaner-password-1';

/**
 * A cleaner staff added to `team` who chose their password through the mailed invitation
 * (decision 040): the record staff got back and the cleaner's token.
 */
export async function invitedCleaner(server: TestServer, adminToken: string, who: { name: string; email: string; team: number }): Promise<{ cleaner: Cleaner; token: string }> {
  const made = await send(server, 'POST', '/admin/cleaners', { token: adminToken, body: who });
  expect(made.status).toBe(201);
  await server.mailSettled();
  const link = (await server.latestMail(who.email))!.links.find((href) => href.includes('/reset-password/'))!;
  const token = link.split('/reset-password/')[1]!;
  expect((await send(server, 'PUT', `/auth/reset-password/${token}`, { body: { token, password: CLEANER_PASSWORD } })).status).toBe(200);
  return { cleaner: made.body as Cleaner, token: await server.login(who.email, CLEANER_PASSWORD) };
}
