import type { PasswordUpdated } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';


export interface ResetPasswordParams {
  /** The reset token from the mailed link (the route's `:id`). */
  token: string;
  password: string;
}

/** PUT /auth/reset-password/{id}: sets a new password with a one-time reset token; answers the account's email. */
export function resetPassword({ token, password }: ResetPasswordParams): Promise<PasswordUpdated> {
  return unwrap(api.PUT('/auth/reset-password/{id}', { params: { path: { id: token } }, body: { token, password } }));
}
