import type { Cleaner, NewCleaner } from '../../openapi/schema';
import type { AppContext } from '../app-context';
import { badRequest, conflict, notFound } from '../lib/http-error';
import type { Database } from '../db/database';
import { cleanersRepository, type CleanerRow } from '../repositories/cleaners';
import { createResetTokenRepository, newResetToken } from '../repositories/reset-token-repository';
import { teamsRepository } from '../repositories/teams';
import { assertPlainName } from './plain-names';
import { createRateLimiter } from './rate-limiter';
import { accountKey, clientNetwork } from '../rate-limits';
import { cleanerInvitationMail } from '../mails/account-mails';

/** An invitation lasts longer than a reset link (an hour): a new cleaner may read it the next day. */
export const INVITATION_VALIDITY_MS = 72 * 60 * 60_000;
export const CLEANER_EMAIL_TAKEN = 'An account with this email already exists';

const view = (row: CleanerRow): Cleaner => ({ ...row, invited: Boolean(row.invited) });

export async function listCleaners(ctx: AppContext): Promise<Cleaner[]> {
  return (await cleanersRepository(ctx.db).list()).map(view);
}

/**
 * A cleaner's account in one team, with no password: the invitation is a password reset token
 * (the same single-use, hashed, expiring link and page, decision 040) valid 72 hours, mailed in the
 * transaction that creates the account, so there is never an account without its invitation.
 */
export async function createCleaner(ctx: AppContext, input: NewCleaner, sender?: { userId: number; ip: string }): Promise<Cleaner> {
  const name = input.name.trim();
  assertPlainName('Name', name);
  if (name.length < 2) throw badRequest('Name must be at least 2 characters');
  // The invitation is a mail sent on a person's request: limited per staff account, client and address (issue 34 row 2).
  const limits = ctx.config.rateLimits;
  await createRateLimiter(ctx.db, ctx.now).reserve(
    ...(sender
      ? [
          { key: `invite:account:${sender.userId}`, ...limits.invitations },
          { key: `invite:client:${clientNetwork(sender.ip)}`, ...limits.invitations },
        ]
      : []),
    { key: `confirm:address:${accountKey(input.email)}`, ...limits.confirmMails },
  );
  return ctx.db.transaction(async (tx) => {
    const team = await activeTeam(tx, input.team);
    const cleaners = cleanersRepository(tx);
    const id = await cleaners.create(name, input.email, team);
    if (id === null) throw conflict(CLEANER_EMAIL_TAKEN);
    const token = newResetToken();
    await createResetTokenRepository(tx).create(id, token, new Date(ctx.now().getTime() + INVITATION_VALIDITY_MS));
    await ctx.outbox.add(tx, {
      to: input.email.trim(),
      ...cleanerInvitationMail(name, token, ctx.config.publicUrl),
    });
    return view((await cleaners.find(id))!);
  });
}

export const CLEANER_NOT_FOUND = 'Cleaner not found';

/** A cleaner works in an active team: an unknown or inactive one is refused (400), as when added. */
async function activeTeam(db: Database, teamId: number): Promise<number> {
  const team = await teamsRepository(db).activity(teamId);
  if (!team) throw badRequest('Team not found');
  if (!team.active) throw badRequest('This team is inactive: choose an active team');
  return team.id;
}

/**
 * Another team from now on (decision 058): the cleaner's jobs are read by their team on every
 * request (cleaner-jobs.ts), so their next request sees only the new team's jobs.
 */
export async function moveCleaner(ctx: AppContext, id: number, teamId: number): Promise<Cleaner> {
  return ctx.db.transaction(async (tx) => {
    const team = await activeTeam(tx, teamId);
    const cleaners = cleanersRepository(tx);
    if (!(await cleaners.move(id, team))) throw notFound(CLEANER_NOT_FOUND);
    return view((await cleaners.find(id))!);
  });
}

/** Ends the cleaner's account at once (decision 058; what it keeps: cleanersRepository.remove). */
export async function removeCleaner(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    if (!(await cleanersRepository(tx).remove(id))) throw notFound(CLEANER_NOT_FOUND);
  });
}
