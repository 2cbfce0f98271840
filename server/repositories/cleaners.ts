import { sql, type Expression, type InferResult, type NotNull } from 'kysely';
import { kysely, type Db } from '../db/kysely';
import type { Database } from '../db/database';

/** The password hash of an invited cleaner: no password matches it until the invitation is used. */
export const INVITED_PASSWORD_HASH = '!invited';
/** The password hash of a removed cleaner: no password matches it, and no reset link is left to change it. */
const REMOVED_PASSWORD_HASH = '!removed';

/** Holds ROLE_CLEANER (an account's `roles`). */
const isCleaner = (roles: Expression<string[]>) => sql<boolean>`'ROLE_CLEANER' = ANY(${roles})`;

const cleanerQuery = (k: Db) =>
  k
    .selectFrom('users as u')
    .leftJoin('teams as t', 't.id', 'u.team_id')
    .select((eb) => ['u.id', 'u.name', 'u.email', 'u.team_id', 't.name as team', eb('u.password_hash', '=', INVITED_PASSWORD_HASH).as('invited')])
    .where((eb) => isCleaner(eb.ref('u.roles')))
    .where('u.removed_at', 'is', null)
    // users.email is null only for an erased account (the generated schema said so; the hand-written
    // row type had it a string): such an account is nobody's cleaner to list.
    .where('u.email', 'is not', null)
    .$narrowType<{ email: NotNull }>();

export type CleanerRow = InferResult<ReturnType<typeof cleanerQuery>>[number];

/** Cleaners' accounts (users with ROLE_CLEANER) and the team each works in (034_cleaners.sql). */
export function cleanersRepository(db: Database) {
  const k = kysely(db);
  return {
    list(): Promise<CleanerRow[]> {
      return cleanerQuery(k).orderBy(sql`lower(u.name)`).orderBy('u.id').execute();
    },

    async find(id: number): Promise<CleanerRow | null> {
      return (await cleanerQuery(k).where('u.id', '=', id).executeTakeFirst()) ?? null;
    },

    /** The new cleaner's id, or null when the address belongs to an account already. */
    async create(name: string, email: string, teamId: number): Promise<number | null> {
      const row = await k
        .insertInto('users')
        .values({ name, email: email.trim(), password_hash: INVITED_PASSWORD_HASH, roles: sql<string[]>`ARRAY['ROLE_CLEANER']`, team_id: teamId })
        .onConflict((oc) => oc.expression(sql`(lower(email))`).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /** Puts a cleaner (not removed) in `teamId`; false when there is no such cleaner. */
    async move(id: number, teamId: number): Promise<boolean> {
      const rows = await k
        .updateTable('users')
        .set({ team_id: teamId })
        .where('id', '=', id)
        .where((eb) => isCleaner(eb.ref('roles')))
        .where('removed_at', 'is', null)
        .returning('id')
        .execute();
      return rows.length > 0;
    },

    /**
     * Ends a cleaner's account, keeping the row (and so their name on the visits they recorded):
     * a raised token_version refuses their tokens, a hash no password matches and an address that
     * is no longer theirs stop sign-in and reset links (the address is free for a new account), and
     * an unused invitation is deleted. False when there is no such cleaner (or removed already).
     */
    async remove(id: number): Promise<boolean> {
      const rows = await k
        .updateTable('users')
        .set((eb) => ({
          removed_at: sql<Date>`now()`,
          token_version: eb('token_version', '+', 1),
          password_hash: REMOVED_PASSWORD_HASH,
          email: sql<string>`'removed-cleaner-' || id || '@removed.invalid'`,
        }))
        .where('id', '=', id)
        .where((eb) => isCleaner(eb.ref('roles')))
        .where('removed_at', 'is', null)
        .returning('id')
        .execute();
      if (rows.length === 0) return false;
      await k.deleteFrom('password_reset_tokens').where('user_id', '=', id).execute();
      return true;
    },

    /** The team of a cleaner (null: none, or not a cleaner). */
    async teamOf(userId: number): Promise<{ id: number; name: string } | null> {
      const row = await k
        .selectFrom('users as u')
        .innerJoin('teams as t', 't.id', 'u.team_id')
        .select(['t.id', 't.name'])
        .where('u.id', '=', userId)
        .where((eb) => isCleaner(eb.ref('u.roles')))
        .executeTakeFirst();
      return row ?? null;
    },
  };
}
