import { forgotPassword } from '../../api/forgot-password';
import { paths } from '../../shared/paths';
import { useRequest } from '../../shared/use-request';
import { Alert, Button, Form, TextField, TextLink } from '../../components/ui';
import { AccountCard } from './account-card';
import { accountMessages } from '../../shared/account/account-messages';
import { useValidatedForm } from '../../shared/account/use-validated-form';
import { validateForgotPassword } from './validate-forgot-password';

/** /forget-password (R-AUTH-5): mails a reset link; success shows 'Email Sent Successfully !'. */
export default function ForgotPasswordPage() {
  const request = useRequest(forgotPassword);
  const form = useValidatedForm({ email: '' }, validateForgotPassword);
  const submit = form.handleSubmit(({ email }) => request.send({ email: email.trim() }));

  return (
    <AccountCard
      title="Forgot password"
      intro="Enter your account's email and we will send you a link to choose a new password."
      description="Reset your Sparkle Cleaning password."
      footer={<>Remembered it? <TextLink href={paths.login()}>Log in</TextLink></>}
    >
      <Form onSubmit={submit} noValidate aria-label="Forgot password">
        <TextField label="Email" type="email" name="email" autoComplete="email" isRequired value={form.values.email} onChange={form.change('email')} errorMessage={form.errors.email} />
        {request.failed ? <Alert variant="error">{request.error}</Alert> : null}
        {request.succeeded ? <Alert variant="success">{accountMessages.resetMailSent}</Alert> : null}
        <div className="account-form__actions">
          <Button type="submit" size="lg" fullWidth isPending={request.loading}>
            {request.loading ? 'Sending…' : 'Send reset link'}
          </Button>
        </div>
      </Form>
    </AccountCard>
  );
}
