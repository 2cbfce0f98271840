import type { AppContext } from '../app-context';
import { createRateLimiter, type Reservation } from './rate-limiter';
import { accountKey, clientNetwork } from '../rate-limits';

/** A network an account signed in from is its "usual network" for this long. */
const KNOWN_NETWORK_MS = 90 * 24 * 60 * 60_000;

/**
 * The limits on guessing passwords (docs/decisions/010-rate-limits.md). A sign-in reserves one
 * attempt before its password is checked, under three keys: the client's network (any account),
 * the account from that network (the lockout), and — only from networks the account has never
 * signed in from — the account as a whole. A right password gives the attempts back. So an
 * attacker cannot lock the owner out of their usual network, a botnet is slowed per account, and
 * a password reset lifts the account's pauses (forgot-password lets a locked owner back in).
 */
export function createSignInLimits(ctx: AppContext) {
  const limiter = createRateLimiter(ctx.db, ctx.now);
  const limits = ctx.config.rateLimits;
  const keys = (email: string, ip: string) => {
    const account = accountKey(email);
    const network = clientNetwork(ip);
    return {
      client: `login:client:${network}`,
      pair: `login:pair:${account}|${network}`,
      known: `login:known:${account}|${network}`,
      account: `login:account:${account}`,
      accountPairs: `login:pair:${account}|`,
    };
  };

  return {
    /** Throws 429 when a limit is reached; else the attempt is counted until `succeeded()`. */
    async reserve(email: string, ip: string): Promise<{ succeeded(): Promise<void> }> {
      const key = keys(email, ip);
      const usualNetwork = await limiter.remembers(key.known);
      const reservation: Reservation = await limiter.reserve(
        { key: key.client, ...limits.signIn },
        { key: key.pair, ...limits.signInPair },
        ...(usualNetwork ? [] : [{ key: key.account, ...limits.signInAccount }]),
      );
      return {
        async succeeded() {
          await reservation.release();
          await limiter.remember(key.known, KNOWN_NETWORK_MS);
        },
      };
    },

    /** After a password reset: the account's pauses end, on every network. */
    async lift(email: string): Promise<void> {
      const key = keys(email, '');
      await limiter.clear(key.account, key.accountPairs);
    },
  };
}
