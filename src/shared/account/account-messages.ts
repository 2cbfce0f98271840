import { PasswordRules, RegisterRequestRules } from '../../../openapi/rules';

/** The account screens' texts, exactly as docs/requirements.md gives them (R-AUTH, R-VAL) (spelling included). */
export const accountMessages = {
  emailRequired: 'Email is required !',
  emailInvalid: 'Invalid Email !',
  passwordRequired: 'Password is required !',
  passwordTooShort: 'Password Shoud be at least 6 charachters !',
  nameRequired: 'Full name is required !',
  nameTooShort: 'Full name shoud be at least 6 charachters !',
  termsRequired: 'You shoud agree on terms and conditions before your registration !',
  passwordsDiffer: 'Passwords dont match !',
  resetMailSent: 'Email Sent Successfully !',
  passwordUpdated: 'Password Updated Successfully !',
  profileUpdated: 'Profile updated successfully !',
} as const;

/** A password needs at least this many characters (R-AUTH-7), as the contract says. */
export const minimumLength = PasswordRules.minLength;

/** A registering full name needs at least this many characters (R-VAL-2), as the contract says. */
export const minimumNameLength = RegisterRequestRules.properties.name.minLength;
