import { emailError, withoutEmpty, type FormErrors } from './validate-login';

export interface ForgotPasswordForm {
  email: string;
}

/** The forgotten-password form asks only for a well-formed email (messages as login). */
export function validateForgotPassword(form: ForgotPasswordForm): FormErrors<ForgotPasswordForm> {
  return withoutEmpty({ email: emailError(form.email) });
}
