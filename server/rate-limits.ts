import { isIPv6 } from 'node:net';

export interface Limit {
  /** Attempts allowed per window. */
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Every rate limit of the server, in one place (README "Security and reliability",
 * docs/decisions/010-rate-limits.md). "Client" is the caller's network: its IPv4 address, or the
 * /64 of an IPv6 one (one household or phone holds a whole /64), as Fastify's trustProxy sees it.
 * RATE_LIMITS can change the counts (`register=50,contact=20`), not the windows.
 */
export const DEFAULT_RATE_LIMITS = {
  /** Wrong passwords from one client, any accounts. */
  signIn: { limit: 30, windowMs: 15 * MINUTE },
  /** Wrong passwords for one account from one client: the lockout, which cannot lock the owner's own network. */
  signInPair: { limit: 10, windowMs: 15 * MINUTE },
  /** Wrong passwords for one account from all the networks it never signed in from (slows a botnet; a reset lifts it). */
  signInAccount: { limit: 50, windowMs: 15 * MINUTE },
  /** Reset-link requests from one client, any addresses. */
  forgotPassword: { limit: 20, windowMs: HOUR },
  /** Reset mails to one address, whoever asks. */
  resetMails: { limit: 5, windowMs: HOUR },
  /** Reset attempts with a token that is not valid, from one client. */
  resetPassword: { limit: 20, windowMs: HOUR },
  /** Confirmation links and "someone tried" notices to one address, whoever asks (docs/decisions/029). */
  confirmMails: { limit: 5, windowMs: HOUR },
  /** Email-change links one account may ask for (issue 34 row 2); each also counts for its address (confirmMails). */
  emailChangeAccount: { limit: 5, windowMs: HOUR },
  /** Email-change links asked for from one client, any accounts. */
  emailChange: { limit: 10, windowMs: HOUR },
  /** Cleaner invitations one staff account, and one client, may send (each also counts for its address, confirmMails). */
  invitations: { limit: 20, windowMs: HOUR },
  /** Confirmations with a link that is not valid (or a wrong password on one), from one client. */
  confirmEmail: { limit: 20, windowMs: HOUR },
  /** Accounts created (or tried) from one client. */
  register: { limit: 10, windowMs: HOUR },
  /** Contact messages from one client. */
  contact: { limit: 10, windowMs: HOUR },
  /** Addresses left for a district not served yet, from one client (decision 041). */
  areaWaitlist: { limit: 10, windowMs: HOUR },
  /** Price quotes from one client (a live quote asks again as choices change; issue 14). */
  quotes: { limit: 120, windowMs: MINUTE },
  /** New orders of one customer. */
  orders: { limit: 10, windowMs: MINUTE },
  /** Orders one customer may have open and unpaid at a time (no window: a cap). */
  openOrders: { limit: 20, windowMs: 0 },
  /**
   * Paged list reads (My orders, the admin tables) one account may start, per instance and in memory
   * (lib/account-read-rate.ts, decision 025): a person paging, sorting and searching fast stays well
   * inside it; a script asking nonstop is held to it.
   */
  listReads: { limit: 30, windowMs: 10_000 },
} as const satisfies Record<string, Limit>;

export type RateLimitName = keyof typeof DEFAULT_RATE_LIMITS;
export type RateLimits = Record<RateLimitName, Limit>;

/** `signIn=60,register=50`: counts only; an unknown name or a count that is not a positive integer is refused. */
export function parseRateLimits(text: string, fail: (message: string) => Error): RateLimits {
  const limits: RateLimits = { ...DEFAULT_RATE_LIMITS };
  for (const part of text.split(',').map((entry) => entry.trim()).filter(Boolean)) {
    const [name = '', count = ''] = part.split('=').map((value) => value.trim());
    // Own names only: `in` would also take Object's (toString=5, __proto__=5).
    if (!Object.hasOwn(DEFAULT_RATE_LIMITS, name)) throw fail(`unknown limit "${name}" (known: ${Object.keys(DEFAULT_RATE_LIMITS).join(', ')})`);
    if (!/^[1-9]\d*$/.test(count)) throw fail(`"${part}" needs a positive whole count`);
    limits[name as RateLimitName] = { ...DEFAULT_RATE_LIMITS[name as RateLimitName], limit: Number(count) };
  }
  return limits;
}

/** The client's network as a limiter key: an IPv4 address, or the first 64 bits of an IPv6 one. */
export function clientNetwork(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups.slice(0, 4).map((group) => (parseInt(group, 16) || 0).toString(16)).join(':')}::/64`;
}

/** An email as a key: the same account however it is typed. */
export function accountKey(email: string): string {
  return email.trim().toLowerCase();
}
