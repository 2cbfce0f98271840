import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../shared/paths';
import { redirectTarget, withRedirect } from '../../../domain/site/login-redirect';
import { sessionSelectors, useSession, useSessionState } from '../../shared/session';
import { Alert, Button, Form, LinkButton, TextField, TextLink } from '../../components/ui';
import { AccountCard } from './account-card';
import { isReturningVisitor } from '../../shared/stored-user';
import { useValidatedForm } from '../../shared/account/use-validated-form';
import { validateLogin, type LoginForm } from './validate-login';

const emptyLogin: LoginForm = { email: '', password: '' };
const neverChanges = () => () => {};

/**
 * /login (R-AUTH-1): email and password; afterwards the `redirect` page, else /home. Arriving from a
 * registration, it says to check the mail (the link, with the password, signs in) with the email filled in.
 * "Welcome back" only for someone who has signed in on this browser before (decision 080).
 */
export default function LoginPage() {
  const { user, send } = useSession();
  const loggingIn = useSessionState(sessionSelectors.loggingIn);
  const loginError = useSessionState(sessionSelectors.loginError);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  // Said once, on arrival from the register page: the history entry forgets it, so opening /login
  // again (or reloading) shows a plain form.
  const [checkMail] = useState(() => (location.state as { checkMail?: string } | null)?.checkMail ?? null);
  useEffect(() => {
    if (location.state !== null) navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [location, navigate]);
  const form = useValidatedForm(checkMail ? { ...emptyLogin, email: checkMail } : emptyLogin, validateLogin);
  const redirect = redirectTarget(searchParams);
  // "Welcome back" is for someone who has signed in on this browser before (decision 080); the
  // prerendered page (anyone's) has the plain sentence.
  const returning = useSyncExternalStore(neverChanges, isReturningVisitor, () => false);

  // An error from an earlier visit is not news on arrival.
  useLayoutEffect(() => send({ type: 'session.loginReset' }), [send]);

  useEffect(() => {
    // A cleaner's day starts on their jobs (decision 040).
    if (user) navigate(redirect ?? (user.roles.includes('ROLE_CLEANER') ? paths.myJobs : paths.services), { replace: true });
  }, [user, redirect, navigate]);

  const submit = form.handleSubmit(({ email, password }) => send({ type: 'session.login', username: email.trim(), password }));

  return (
    <AccountCard
      title="Log in"
      intro={returning ? 'Welcome back! Log in to book and manage your cleaning.' : 'Log in to book and manage your cleaning.'}
      description="Log in to your Sparkle Cleaning account."
      footer={returning ? <>Don&apos;t have an account? <TextLink href={withRedirect(paths.register, redirect)}>Register</TextLink></> : undefined}
    >
      {checkMail ? (
        <Alert variant="info">
          Check your mail: we sent a link to {checkMail}. Follow it and enter your password to confirm your email; it logs you in{redirect ? ' and brings you back to your booking' : ''}.
        </Alert>
      ) : null}
      <Form onSubmit={submit} noValidate aria-label="Log in">
        <TextField label="Email" type="email" name="email" autoComplete="email" isRequired value={form.values.email} onChange={form.change('email')} errorMessage={form.errors.email} />
        <TextField label="Password" type="password" name="password" autoComplete="current-password" isRequired value={form.values.password} onChange={form.change('password')} errorMessage={form.errors.password} />
        <div className="account-form__row">
          <TextLink href={paths.forgotPassword}>Forgot password?</TextLink>
        </div>
        {loginError ? <Alert variant="error">{loginError}</Alert> : null}
        <div className="account-form__actions">
          <Button type="submit" size="lg" fullWidth isPending={loggingIn}>
            {loggingIn ? 'Logging in…' : 'Log in'}
          </Button>
          {/* Someone new here (Continue on a priced service, Book now) may have no account yet:
              creating one is offered as plainly as logging in (issue 39 row 5, decision 080). */}
          {returning ? null : (
            <>
              <p className="account-form__or">New to Sparkle Cleaning?</p>
              <LinkButton href={withRedirect(paths.register, redirect)} size="lg" fullWidth>Create an account</LinkButton>
            </>
          )}
        </div>
      </Form>
    </AccountCard>
  );
}
