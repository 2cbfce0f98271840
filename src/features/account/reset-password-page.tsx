import { useToast } from '../../shared/toasts';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { resetPassword } from '../../api/reset-password';
import { paths } from '../../shared/paths';
import { useRequest } from '../../shared/use-request';
import { Alert, Button, TextField } from '../../components/ui';
import { AccountCard } from './account-card';
import { accountMessages } from '../../shared/account/account-messages';
import { useValidatedForm } from '../../shared/account/use-validated-form';
import { validateResetPassword } from './validate-reset-password';

/** /reset-password/:id (R-AUTH-6): `id` is the mailed token; success says so and goes to /login. */
export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const request = useRequest(resetPassword);
  const form = useValidatedForm({ password: '', confirmation: '' }, validateResetPassword);
  const navigate = useNavigate();
  const showToast = useToast();

  useEffect(() => {
    if (!request.succeeded) return;
    // The toast outlives the page, so the message is still read on /login.
    showToast(accountMessages.passwordUpdated, 'success');
    navigate(paths.login());
  }, [request.succeeded, showToast, navigate]);

  const submit = form.handleSubmit(({ password }) => request.send({ token, password }));

  return (
    <AccountCard title="Reset password" intro="Choose a new password for your account." description="Choose a new Sparkle Cleaning password.">
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
        <div className="account-form__actions">
          <Button type="submit" size="lg" fullWidth isPending={request.loading}>
            {request.loading ? 'Saving…' : 'Update password'}
          </Button>
        </div>
      </form>
    </AccountCard>
  );
}
