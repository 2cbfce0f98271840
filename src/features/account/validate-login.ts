import { accountMessages as m, minimumLength } from '../../shared/account/account-messages';

export interface LoginForm {
  email: string;
  password: string;
}

export type FormErrors<F> = Partial<Record<keyof F, string>>;

// A standard email shape: something@domain.tld, no spaces, one @.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function emailError(email: string): string | undefined {
  if (!email.trim()) return m.emailRequired;
  if (!emailPattern.test(email.trim())) return m.emailInvalid;
  return undefined;
}

export function passwordError(password: string): string | undefined {
  if (!password) return m.passwordRequired;
  if (password.length < minimumLength) return m.passwordTooShort;
  return undefined;
}

/** R-VAL-1, login: email required and well formed; password required, at least 6 characters. */
export function validateLogin(form: LoginForm): FormErrors<LoginForm> {
  return withoutEmpty({ email: emailError(form.email), password: passwordError(form.password) });
}

/** Drops the fields without a message, so `{}` means "valid". */
export function withoutEmpty<F>(errors: Record<keyof F, string | undefined>): FormErrors<F> {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as FormErrors<F>;
}
