import { accountMessages as m, minimumNameLength } from '../../shared/account/account-messages';
import { imitatesStaff, namesMustNotImitateStaff } from '../../../domain/names/staff-names';
import { emailError, passwordError, withoutEmpty, type FormErrors } from './validate-login';

export interface RegisterForm {
  name: string;
  email: string;
  password: string;
  acceptedTerms: boolean;
}

function nameError(name: string): string | undefined {
  if (!name.trim()) return m.nameRequired;
  if (name.trim().length < minimumNameLength) return m.nameTooShort;
  if (imitatesStaff(name)) return namesMustNotImitateStaff('Full name');
  return undefined;
}

/** R-VAL-2, register: full name (6+), email and password as login, terms ticked. */
export function validateRegister(form: RegisterForm): FormErrors<RegisterForm> {
  return withoutEmpty({
    name: nameError(form.name),
    email: emailError(form.email),
    password: passwordError(form.password),
    acceptedTerms: form.acceptedTerms ? undefined : m.termsRequired,
  });
}
