import { useToast } from '../toasts';
import { useEffect, useState } from 'react';
import { updateProfile } from '../../api/update-profile';
import { useRequest } from '../use-request';
import { useSession } from '../session';
import { forgetDraft, readDraft, saveDraft } from '../../lib/form-drafts';
import { Alert, Button, TextField } from '../../components/ui';
import { accountMessages } from './account-messages';
import { emptyProfileForm, toProfileUpdate, type ProfileForm as ProfileFormValues } from './profile-update';
import { useValidatedForm } from './use-validated-form';
import { imitatesStaff, namesMustNotImitateStaff } from '../../../domain/names/staff-names';
import { EmailRules, PasswordRules, ProfileUpdateRules } from '../../../openapi/rules';
import '../../styles/account.css';

/**
 * The profile form of /profile ('My Profile') and the admin's /settings ('Update Information').
 * Every field is optional (empty is sent as null). On success: the toast, the request is reset
 * and the user is logged out (R-AUTH-8), since email or password may have changed.
 */
type KeptProfile = Pick<ProfileFormValues, 'name' | 'email'>;

// R-AUTH-8: the brief spells the name field 'Full name' on /profile and 'Full Name' on the admin's /settings.
export function ProfileForm({ title, nameLabel = 'Full name' }: { title: string; nameLabel?: string }) {
  const { user, send } = useSession();
  const request = useRequest(updateProfile);
  const owner = user?.id ?? null;
  // Name and email typed before a session expired come back after logging in (passwords never kept).
  const [initial] = useState(() => ({ ...emptyProfileForm, ...readDraft<KeptProfile>('profile', owner) }));
  // The server's rule (it lets staff, and a customer's unchanged name, through the same way).
  const staff = user?.roles.includes('ROLE_ADMIN') ?? false;
  const form = useValidatedForm(initial, (values): Partial<Record<keyof ProfileFormValues, string>> =>
    !staff && values.name.trim() && values.name.trim() !== user?.name && imitatesStaff(values.name) ? { name: namesMustNotImitateStaff(nameLabel) } : {},
  );
  const { name, email } = form.values;
  useEffect(() => {
    if (name || email) saveDraft<KeptProfile>('profile', owner, { name, email });
    else forgetDraft('profile');
  }, [owner, name, email]);
  const showToast = useToast();
  const { succeeded, reset } = request;

  useEffect(() => {
    if (!succeeded) return;
    showToast(accountMessages.profileUpdated, 'success');
    forgetDraft('profile');
    reset();
    send({ type: 'session.logout' });
  }, [succeeded, reset, showToast, send]);

  const submit = form.handleSubmit((values) => request.send(toProfileUpdate(values)));

  return (
    <form onSubmit={submit} noValidate aria-label={title} className="profile-form">
      <p className="account-form__note">Fill in only what you want to change; empty fields stay as they are. You will be asked to log in again afterwards.</p>
      <div className="profile-form__grid">
        <TextField label={nameLabel} name="name" autoComplete="name" maxLength={ProfileUpdateRules.properties.name.maxLength} placeholder={user?.name} value={form.values.name} onChange={form.change('name')} errorMessage={form.errors.name} />
        <TextField label="Email" type="email" name="email" autoComplete="email" maxLength={EmailRules.maxLength} placeholder={user?.email} value={form.values.email} onChange={form.change('email')} />
        <TextField label="Old Password" description="Needed to change your email or password." type="password" name="oldPassword" autoComplete="current-password" maxLength={ProfileUpdateRules.properties.oldPassword.maxLength} value={form.values.oldPassword} onChange={form.change('oldPassword')} />
        <TextField label="New Password" type="password" name="newPassword" autoComplete="new-password" maxLength={PasswordRules.maxLength} value={form.values.newPassword} onChange={form.change('newPassword')} />
      </div>
      {request.failed ? <Alert variant="error">{request.error}</Alert> : null}
      <div className="account-form__actions">
        <Button type="submit" size="lg" isPending={request.loading}>
          {request.loading ? 'Updating…' : 'Update'}
        </Button>
      </div>
    </form>
  );
}
