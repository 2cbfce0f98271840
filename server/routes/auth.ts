import type { AppContext, Handlers } from '../app-context';
import { badRequest } from '../lib/http-error';
import { createPasswordReset } from '../services/password-reset';
import { createEmailConfirmation } from '../services/email-confirmation';
import { CHECK_YOUR_MAIL, createProfiles } from '../services/profiles';
import { createSessions } from '../services/sessions';
import { FORGOT_PASSWORD_FLOOR_MS, inEvenTime } from '../services/even-time';


export const LOGGED_OUT = 'You are logged out';
export const RESET_LINK_SENT = 'If an account exists for this email, a password reset link is on its way';
export const PASSWORD_UPDATED = 'Password Updated Successfully !';

/** Sign-in, sign-out, registration and password reset (/auth/..., R-AUTH-1 … R-AUTH-6). */
export function authHandlers(ctx: AppContext): Partial<Handlers> {
  const sessions = createSessions(ctx);
  const profiles = createProfiles(ctx);
  const passwordReset = createPasswordReset(ctx);
  const confirmation = createEmailConfirmation(ctx);
  return {
    login: async (request) => {
      const { username, password } = request.body;
      return sessions.login(username, password, request.ip);
    },
    logout: async (request) => {
      await sessions.logout(request.user!.id);
      return { message: LOGGED_OUT };
    },
    register: async (request, reply) => {
      // The same status, body and work whether or not the address has an account (issue 24, row 8).
      await profiles.register(request.body, request.ip);
      return reply.code(201).send({ message: CHECK_YOUR_MAIL });
    },
    confirmEmail: async (request) => {
      const { token } = request.params;
      const user = await confirmation.confirm(token, request.ip, { password: request.body?.password, signedIn: request.user?.id ?? null });
      return sessions.userInfo(user);
    },
    forgotPassword: async (request) => {
      // The same answer in the same time whether or not the email has an account.
      const sending = passwordReset.sendLink(request.body.email, request.ip);
      await inEvenTime(sending, FORGOT_PASSWORD_FLOOR_MS);
      return { message: RESET_LINK_SENT };
    },
    resetPassword: async (request) => {
      const { id } = request.params;
      const { token, password } = request.body;
      if (token !== undefined && token !== id) throw badRequest('The token in the body does not match the link');
      const email = await passwordReset.reset(id, password, request.ip);
      return { message: PASSWORD_UPDATED, email };
    },
  };
}
