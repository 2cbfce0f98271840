import type { PersonalData } from '../../openapi/schema';
import type { AppContext } from '../app-context';
import { badRequest, conflict, notFound } from '../lib/http-error';
import { customerRepository } from '../repositories/customers';
import { createUserRepository } from '../repositories/user-repository';
import { verifyPassword } from './password-hasher';
import { eraseCustomer, personalData } from './personal-data';

export const WRONG_PASSWORD = 'Your password is not correct';
export const ADMIN_CANNOT_DELETE = 'An administrator account cannot be deleted here';
export const ACCOUNT_DELETED = 'Your account was deleted';

/** A customer's own UK GDPR rights (issue 15 §7): a copy of their data, and erasure. */
export function createMyData(ctx: AppContext) {
  return {
    /** The account, orders and messages; staff notes are the company's, exported only by an administrator. */
    async export(userId: number): Promise<PersonalData> {
      const customer = await customerRepository(ctx.db).findAccount(userId);
      if (!customer) throw notFound('User not found');
      return personalData(ctx.db, customer, { notes: false, now: ctx.now() });
    },

    /**
     * Asks for the password (a session left open on a shared computer must not erase the account),
     * then anonymises as the back office does. A wrong password is 400, not 401: a 401 would log
     * the customer out of the form they are filling in (R-AUTH-4).
     */
    async delete(userId: number, password: string): Promise<{ message: string }> {
      const user = await createUserRepository(ctx.db).findById(userId);
      if (!user) throw notFound('User not found');
      if (user.roles.includes('ROLE_ADMIN')) throw conflict(ADMIN_CANNOT_DELETE);
      if (!(await verifyPassword(password, user.passwordHash))) throw badRequest(WRONG_PASSWORD);
      await eraseCustomer(ctx.db, ctx.outbox, userId, ctx.now());
      return { message: ACCOUNT_DELETED };
    },
  };
}
