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
  const link = new URL((await server.latestMail(who.email))!.links.find((href) => href.includes('/reset-password/'))!);
  // An invitation, not a reset (decision 076): the link says so, and the answer names the email to sign in with.
  expect(link.searchParams.get('invitation')).toBe('1');
  const token = link.pathname.split('/reset-password/')[1]!;
  const set = await send(server, 'PUT', `/auth/reset-password/${token}`, { body: { token, password: CLEANER_PASSWORD } });
  expect(set).toMatchObject({ status: 200, body: { message: 'Password Updated Successfully !', email: who.email.toLowerCase() } });
  return { cleaner: made.body as Cleaner, token: await server.login(who.email, CLEANER_PASSWORD) };
}
