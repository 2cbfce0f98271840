import { accountMessages as m } from '../../shared/account/account-messages';
import { passwordError, withoutEmpty, type FormErrors } from './validate-login';

export interface ResetPasswordForm {
  password: string;
  confirmation: string;
}

/** R-VAL-3, reset password: both required, and the same. */
export function validateResetPassword(form: ResetPasswordForm): FormErrors<ResetPasswordForm> {
  return withoutEmpty({
    password: passwordError(form.password),
    confirmation: !form.confirmation
      ? m.passwordRequired
      : form.password && form.confirmation !== form.password
        ? m.passwordsDiffer
        : undefined,
  });
}
