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

/** Password and full name need at least this many characters (R-AUTH-7, R-VAL-2). */
export const minimumLength = 6;
