import type { AppContext } from '../app-context';
import type { Database } from '../db/database';
import { badRequest, forbidden, unauthorized } from '../lib/http-error';
import { createRateLimiter } from './rate-limiter';
import { createEmailConfirmationRepository } from '../repositories/email-confirmations';
import { newResetToken } from '../repositories/reset-token-repository';
import { createUserRepository, type UserRecord } from '../repositories/user-repository';
import { verifyPassword } from './password-hasher';
import { accountKey, clientNetwork } from '../rate-limits';
import { createSignInLimits } from './sign-in-limits';
import { confirmEmailMail, emailChangedMail, emailTakenMail } from '../mails/account-mails';
import { withRedirect } from '../../domain/site/login-redirect';

export const CONFIRM_LINK_VALIDITY_MS = 24 * 60 * 60_000;
/** A registration's link asks again for the password chosen when registering (decision 074). */
export const PASSWORD_TO_CONFIRM = 'Enter the password you chose when you registered to confirm your email';
export const WRONG_PASSWORD_TO_CONFIRM = 'That is not the password chosen when this email was registered. If you did not register, ignore the mail, or register again with a password of your own';
/** An email change's link works only in a session of the account that asked for it (decision 074). */
export const LOG_IN_TO_CONFIRM_CHANGE = 'Log in to the account that asked for this email change, then follow the link again';
export const INVALID_CONFIRM_LINK = 'This confirmation link is invalid or has expired, please register or change your email again';

/**
 * Proving an address (issue 24, docs/decisions/029): registering and changing one's email mail a
 * single-use link valid 24 hours; following it creates the account or moves it to the new address.
 * Until then nothing is tied to the address: a pending registration is no account, a pending change
 * leaves the old address in place. Whoever confirms first takes the address and the other claims on
 * it end. A claim on an address an account already holds mails its owner instead, and the caller
 * answers the same, so nobody learns which addresses are customers.
 */
export function createEmailConfirmation(ctx: AppContext) {
  const limiter = createRateLimiter(ctx.db, ctx.now);
  const limits = ctx.config.rateLimits;
  const signInLimits = createSignInLimits(ctx);

  const linkFor = (token: string, returnTo: string | undefined) =>
    `${ctx.config.publicUrl}${withRedirect(`/confirm-email/${token}`, returnTo)}`;

  /** Mails to one address are limited whoever asks, the owner's "someone tried" notices included. */
  const reserveMail = (email: string) => limiter.reserve({ key: `confirm:address:${accountKey(email)}`, ...limits.confirmMails });

  /** The token and its mail commit together; the mail is sent after, retried until it goes. */
  async function mailLink(tx: Database, claim: Parameters<ReturnType<typeof createEmailConfirmationRepository>['create']>[1], greeting: string, returnTo?: string) {
    const token = newResetToken();
    await createEmailConfirmationRepository(tx).create(token, claim, new Date(ctx.now().getTime() + CONFIRM_LINK_VALIDITY_MS));
    const link = linkFor(token, returnTo);
    await ctx.outbox.add(tx, {
      to: claim.email,
      ...confirmEmailMail(greeting, claim.kind, link),
    });
  }

  async function tellOwner(tx: Database, owner: UserRecord, what: 'register' | 'change') {
    await ctx.outbox.add(tx, {
      to: owner.email,
      ...emailTakenMail(owner.name, what, ctx.config.publicUrl),
    });
  }

  return {
    /** Registration: a link to the address, or its owner's notice. `returnTo` (a path here) goes into the link. */
    async claimForRegistration(claim: { name: string; email: string; passwordHash: string }, returnTo?: string): Promise<void> {
      await reserveMail(claim.email);
      await ctx.db.transaction(async (tx) => {
        const owner = await createUserRepository(tx).findByEmail(claim.email);
        if (owner) return tellOwner(tx, owner, 'register');
        return mailLink(tx, { kind: 'registration', ...claim }, `Hello ${claim.name},`, returnTo);
      });
    },

    /** Before claimForChange, outside its transaction (the limiter has its own connection). */
    reserveMail,

    /** An email change of a signed-in account (its password checked): the account keeps its address until the link is followed. */
    async claimForChange(tx: Database, user: UserRecord, email: string): Promise<void> {
      const confirmations = createEmailConfirmationRepository(tx);
      // Only the latest change asked for can be confirmed.
      await confirmations.deleteForUser(user.id);
      const owner = await createUserRepository(tx).findByEmail(email);
      if (owner) return tellOwner(tx, owner, 'change');
      return mailLink(tx, { kind: 'change', email, userId: user.id }, `Hello ${user.name},`);
    },

    /**
     * Following the link (decision 074): the account created or moved, to sign in. A registration's
     * link asks for the password chosen when registering (`password`), so whoever proves the address
     * also proves they chose its only password: a password someone else chose never signs in to an
     * address they could not prove. An email change's link works only in a session of the account that
     * asked for it (`signedIn`, the bearer's account), never for whoever opens the mail. `ip`: invalid
     * tokens and wrong passwords per client are limited.
     */
    async confirm(token: string, ip: string, proof: { password?: string; signedIn?: number | null } = {}): Promise<UserRecord> {
      const attempt = await limiter.reserve({ key: `confirm:client:${clientNetwork(ip)}`, ...limits.confirmEmail });
      const pending = await createEmailConfirmationRepository(ctx.db).find(token, ctx.now());
      if (!pending) throw badRequest(INVALID_CONFIRM_LINK);
      if (pending.kind === 'registration') {
        if (!proof.password) throw badRequest(PASSWORD_TO_CONFIRM);
        // A wrong password keeps its attempt counted: the password cannot be guessed from the mailbox.
        if (!(await verifyPassword(proof.password, pending.passwordHash))) throw badRequest(WRONG_PASSWORD_TO_CONFIRM);
      } else if (!proof.signedIn) {
        await attempt.release();
        throw unauthorized(LOG_IN_TO_CONFIRM_CHANGE);
      } else if (proof.signedIn !== pending.userId) {
        await attempt.release();
        throw forbidden(LOG_IN_TO_CONFIRM_CHANGE);
      }
      await attempt.release();
      const user = await ctx.db.transaction(async (tx) => {
        const confirmations = createEmailConfirmationRepository(tx);
        const users = createUserRepository(tx);
        const claim = await confirmations.consume(token, ctx.now());
        if (!claim) throw badRequest(INVALID_CONFIRM_LINK);
        // The unique address index decides: null when another account proved the address first.
        let confirmed: UserRecord | null;
        let oldEmail: string | null = null;
        if (claim.kind === 'registration') {
          confirmed = await users.create({ name: claim.name, email: claim.email, passwordHash: claim.passwordHash });
        } else {
          const before = await users.findById(claim.userId);
          if (!before || !before.email) throw badRequest(INVALID_CONFIRM_LINK);
          oldEmail = before.email;
          // The address changed: sessions elsewhere end (this link signs in afresh).
          confirmed = await users.update(claim.userId, { email: claim.email, endSessions: true });
        }
        if (!confirmed) throw badRequest(INVALID_CONFIRM_LINK);
        await confirmations.endClaimsOn(claim.email, ctx.now());
        if (oldEmail) {
          await ctx.outbox.add(tx, {
            to: oldEmail,
            ...emailChangedMail(oldEmail, confirmed.email, ctx.config.publicUrl),
          });
        }
        return confirmed;
      });
      // The owner proved they read the address's mail: sign-in pauses on it end.
      await signInLimits.lift(user.email);
      return user;
    },
  };
}
