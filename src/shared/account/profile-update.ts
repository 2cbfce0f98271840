import type { ProfileUpdate } from '../../../openapi/schema';

export interface ProfileForm {
  name: string;
  email: string;
  oldPassword: string;
  newPassword: string;
}

export const emptyProfileForm: ProfileForm = { name: '', email: '', oldPassword: '', newPassword: '' };

/** R-AUTH-8: every field is optional; an empty one is sent as null (the server keeps the old value). */
export function toProfileUpdate(form: ProfileForm): ProfileUpdate {
  const orNull = (value: string) => (value.trim() ? value.trim() : null);
  return {
    name: orNull(form.name),
    email: orNull(form.email),
    // Passwords are sent as typed: spaces may be part of them.
    oldPassword: form.oldPassword ? form.oldPassword : null,
    newPassword: form.newPassword ? form.newPassword : null,
  };
}
