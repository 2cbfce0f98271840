/**
 * What a signed-in person has typed or chosen but not yet sent (the booking cart and form, a
 * cancellation reason, the profile form), kept in localStorage so it survives Back, Forward, a
 * reload and a session that expired mid-form (log in again, carry on). Each draft names its owner
 * (the user's id): someone else signing in on the same browser never sees it, and it is dropped
 * when read by them. Logging out forgets every draft (`forgetAllDrafts`). Passwords are never kept.
 */
const PREFIX = 'draft:';

interface Stored<T> {
  owner: number;
  value: T;
}

export type DraftName = 'booking.cart' | 'booking.form' | 'booking.quote' | 'cancellation' | 'profile';

export function readDraft<T>(name: DraftName, owner: number | null | undefined): T | null {
  try {
    const raw = localStorage.getItem(PREFIX + name);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<Stored<T>> | null;
    if (!stored || typeof stored.owner !== 'number' || stored.value === undefined) return null;
    if (stored.owner !== owner) {
      // Another person's draft on a shared browser: not theirs to see.
      localStorage.removeItem(PREFIX + name);
      return null;
    }
    return stored.value;
  } catch {
    return null;
  }
}

export function saveDraft<T>(name: DraftName, owner: number | null | undefined, value: T): void {
  if (typeof owner !== 'number') return;
  try {
    localStorage.setItem(PREFIX + name, JSON.stringify({ owner, value } satisfies Stored<T>));
  } catch {
    // Storage full or refused (private mode): the draft is a convenience, the form still works.
  }
}

export function forgetDraft(name: DraftName): void {
  localStorage.removeItem(PREFIX + name);
}

/** Every draft of whoever was signed in (logout). */
export function forgetAllDrafts(): void {
  const names: string[] = [];
  for (let index = 0; index < localStorage.length; index++) {
    const key = localStorage.key(index);
    if (key?.startsWith(PREFIX)) names.push(key);
  }
  names.forEach((key) => localStorage.removeItem(key));
}

/**
 * What a visitor (nobody signed in yet) has typed in a form such as /register, kept in this tab's
 * sessionStorage: it survives Back (after following a link beside a field) and a reload, and goes
 * with the tab. The caller never passes a password (decision 076).
 */
export type VisitorDraftName = 'register';
const VISITOR_PREFIX = 'visitor-draft:';

export function readVisitorDraft<T extends object>(name: VisitorDraftName): Partial<T> {
  try {
    const raw = sessionStorage.getItem(VISITOR_PREFIX + name);
    const value = raw ? (JSON.parse(raw) as unknown) : null;
    return value && typeof value === 'object' ? (value as Partial<T>) : {};
  } catch {
    return {};
  }
}

export function saveVisitorDraft<T extends object>(name: VisitorDraftName, value: T): void {
  try {
    sessionStorage.setItem(VISITOR_PREFIX + name, JSON.stringify(value));
  } catch {
    // Storage refused: the draft is a convenience, the form still works.
  }
}

export function forgetVisitorDraft(name: VisitorDraftName): void {
  try {
    sessionStorage.removeItem(VISITOR_PREFIX + name);
  } catch {
    // Nothing kept.
  }
}
