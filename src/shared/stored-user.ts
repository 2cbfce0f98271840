import type { UserInfo } from '../../openapi/schema';
import { returningVisitorKey, storedSessionKey } from '../../domain/site/stored-session';


/** localStorage key of the session (R-AUTH-1). */
export const userInfoKey = storedSessionKey;

/** The user kept from an earlier visit, or null when absent or unreadable. */
export function readStoredUser(): UserInfo | null {
  try {
    const raw = localStorage.getItem(userInfoKey);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<UserInfo> | null;
    // Something else under the key (an older app, a hand edit) is not a session.
    if (!value || typeof value.token !== 'string' || typeof value.name !== 'string' || !Array.isArray(value.roles)) return null;
    return value as UserInfo;
  } catch {
    return null;
  }
}

export function storeUser(user: UserInfo | null): void {
  if (!user) return;
  localStorage.setItem(userInfoKey, JSON.stringify(user));
  // Kept after logging out: whoever signs in here again is someone coming back (decision 080).
  localStorage.setItem(returningVisitorKey, '1');
}

/** Someone has signed in on this browser before (decision 080): "Welcome back" is for them. */
export function isReturningVisitor(): boolean {
  try {
    return localStorage.getItem(returningVisitorKey) !== null;
  } catch {
    return false;
  }
}

export function forgetStoredUser(): void {
  localStorage.removeItem(userInfoKey);
}
