import type { components } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';

export type ForgotPasswordRequest = components['schemas']['ForgotPasswordRequest'];
export type Message = components['schemas']['Message'];

/** POST /auth/forgot-password: mails a /reset-password/{token} link when the account exists. */
export function forgotPassword(body: ForgotPasswordRequest): Promise<Message> {
  return unwrap(api.POST('/auth/forgot-password', { body }));
}
