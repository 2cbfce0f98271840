import { useToast } from '../../shared/toasts';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { resetPassword } from '../../api/reset-password';
import { paths } from '../../shared/paths';
import { useRequest } from '../../shared/use-request';
import { Alert, Button, TextField, TextLink } from '../../components/ui';
import { AccountCard } from './account-card';
import { accountMessages } from '../../shared/account/account-messages';
import { useValidatedForm } from '../../shared/account/use-validated-form';
import { validateResetPassword } from './validate-reset-password';
import { sessionSelectors, useSession, useSessionState } from '../../shared/session';

export const invitationAccepted = 'Your password is set: you are signed in';

/**
 * /reset-password/:id (R-AUTH-6): `id` is the mailed token; success says so and goes to /login.
 * A cleaner's invitation is the same link with `?invitation=1` (decision 076): it reads as an
 * invitation ("Set your password to see your jobs"), and once the password is set it signs them in
 * with it (the session machine's own login) and opens /my-jobs.
 */
export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [searchParams] = useSearchParams();
  const invitation = searchParams.get('invitation') === '1';
  const request = useRequest(resetPassword);
  const form = useValidatedForm({ password: '', confirmation: '' }, validateResetPassword);
  const navigate = useNavigate();
  const showToast = useToast();
  const { user, send } = useSession();
  const loginError = useSessionState(sessionSelectors.loginError);
  const signingIn = useRef(false);

  useEffect(() => {
    if (!request.succeeded || !request.data) return;
    if (invitation) {
      if (signingIn.current) return;
      signingIn.current = true;
      send({ type: 'session.login', username: request.data.email, password: form.values.password });
      return;
    }
    // The toast outlives the page, so the message is still read on /login.
    showToast(accountMessages.passwordUpdated, 'success');
    navigate(paths.login());
  }, [request.succeeded, request.data, invitation, send, form.values.password, showToast, navigate]);

  useEffect(() => {
    if (!invitation || !signingIn.current || !user) return;
    showToast(invitationAccepted, 'success');
    navigate(user.roles.includes('ROLE_CLEANER') ? paths.myJobs : paths.services, { replace: true });
  }, [invitation, user, showToast, navigate]);

  const submit = form.handleSubmit(({ password }) => request.send({ token, password }));
  const signInFailed = invitation && signingIn.current && loginError;

  return (
    <AccountCard
      title={invitation ? 'Set your password' : 'Reset password'}
      intro={invitation ? 'Set your password to see your jobs.' : 'Choose a new password for your account.'}
      description={invitation ? 'Set the password of your Sparkle Cleaning cleaner account.' : 'Choose a new Sparkle Cleaning password.'}
    >
      <form onSubmit={submit} noValidate aria-label="Reset password">
        <TextField
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          isRequired
          description="At least 6 characters."
          value={form.values.password}
          onChange={form.change('password')}
          errorMessage={form.errors.password}
        />
        <TextField label="Confirm password" type="password" name="confirmation" autoComplete="new-password" isRequired value={form.values.confirmation} onChange={form.change('confirmation')} errorMessage={form.errors.confirmation} />
        {request.failed ? <Alert variant="error">{request.error}</Alert> : null}
        {signInFailed ? (
          <Alert variant="error">
            Your password is set, but signing in failed: {loginError} <TextLink href={paths.login()}>Log in</TextLink>
          </Alert>
        ) : null}
        <div className="account-form__actions">
          <Button type="submit" size="lg" fullWidth isPending={request.loading}>
            {request.loading ? 'Saving…' : invitation ? 'Set my password' : 'Update password'}
          </Button>
        </div>
      </form>
    </AccountCard>
  );
}
