import type { ForgotPasswordRequest, Message } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';


/** POST /auth/forgot-password: mails a /reset-password/{token} link when the account exists. */
export function forgotPassword(body: ForgotPasswordRequest): Promise<Message> {
  return unwrap(api.POST('/auth/forgot-password', { body }));
}
