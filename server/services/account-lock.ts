import type { Database } from '../db/database';
import { unauthorized } from '../lib/http-error';
import { createUserRepository } from '../repositories/user-repository';

/** What a customer whose account was erased meanwhile gets: the answer their next request gets too. */
export const ERASED_MESSAGE = 'Your session has expired, please log in again';

/**
 * The one lock order of every transaction that touches an account and its orders: the account's
 * row first, then the orders (docs/decisions/028). Erasure (personal-data.ts) locks the account
 * FOR UPDATE and then writes its orders; a checkout that locked its order first and then reached
 * the account (its foreign keys take FOR KEY SHARE on it) deadlocked with it, and one that read
 * the order before the erasure and wrote the address after it left the address on an erased
 * account's order (issue 24, row 2). FOR KEY SHARE is the weakest lock erasure's FOR UPDATE waits
 * for: a customer's checkouts and changes do not wait for each other.
 *
 * Answers whether the account is still there and not erased, as it is after any erasure waited on.
 */
export async function lockAccountFirst(tx: Database, userId: number): Promise<boolean> {
  return createUserRepository(tx).lockForKeyShare(userId);
}

/** The customer's own change: refused with 401 (as their next request would be) when the account was erased. */
export async function lockOwnAccountFirst(tx: Database, userId: number): Promise<void> {
  if (!(await lockAccountFirst(tx, userId))) throw unauthorized(ERASED_MESSAGE);
}
