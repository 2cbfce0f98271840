import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { paths } from '../../shared/paths';
import { redirectTarget, withRedirect } from '../../../domain/site/login-redirect';
import { sessionSelectors, useSession, useSessionState } from '../../shared/session';
import { useToast } from '../../shared/toasts';
import { accountMessages } from '../../shared/account/account-messages';
import { Alert, Button, Form, Spinner, TextField, TextLink } from '../../components/ui';
import { AccountCard } from './account-card';

export const emailConfirmed = 'Your email is confirmed: you are logged in';

/**
 * /confirm-email/:token (decisions 029 and 074): the link mailed on registering or on an email change.
 * Whoever follows it ends up in an account whose only credentials are theirs: signed out, the page
 * asks for the password chosen when registering (a password someone else chose is never theirs to
 * know), and offers to log in first for an email change; signed in, it follows the link at once (an
 * email change is confirmed only in a session of the account that asked for it), and asks for the
 * password if the link turns out to be a registration's. Then the `redirect` of the link (the booking
 * the visitor had started), else /home. Calls go through the session machine (`session.confirm`).
 */
export default function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const redirect = redirectTarget(searchParams);
  const { user, send } = useSession();
  const confirming = useSessionState(sessionSelectors.confirming);
  const confirmError = useSessionState(sessionSelectors.confirmError);
  const navigate = useNavigate();
  const showToast = useToast();
  // Signed in on arrival: the link is followed once, also when React runs the effect twice.
  const sent = useRef(false);
  const [started, setStarted] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();

  useEffect(() => {
    if (sent.current || !user) return;
    sent.current = true;
    send({ type: 'session.confirm', token });
    setStarted(true);
    // On arrival only: a sign-in made by this page's own form is not a reason to send again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [send, token]);

  const done = started && !confirming;
  useEffect(() => {
    if (!done || confirmError) return;
    showToast(emailConfirmed, 'success');
    navigate(redirect ?? paths.services, { replace: true });
  }, [done, confirmError, redirect, navigate, showToast]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setPasswordError(accountMessages.passwordRequired);
      return;
    }
    setPasswordError(undefined);
    send({ type: 'session.confirm', token, password });
    setStarted(true);
  };

  // Following the link, about to (signed in on arrival), or confirmed and leaving.
  const busy = confirming || (user !== null && !started) || (done && !confirmError);
  // This very page, to come back to once logged in (an email change).
  const here = `${location.pathname}${location.search}`;

  return (
    <AccountCard title="Confirm your email" description="Confirm the email of your Sparkle Cleaning account.">
      {busy ? (
        <Spinner label="Confirming your email…" />
      ) : (
        <>
          {done && confirmError ? <Alert variant="error">{confirmError}</Alert> : null}
          <Form onSubmit={submit} noValidate aria-label="Confirm your email">
            <p>Enter the password you chose when you registered, to confirm your email and log in.</p>
            <TextField
              label="Password"
              type="password"
              name="password"
              autoComplete="current-password"
              isRequired
              value={password}
              onChange={setPassword}
              errorMessage={passwordError}
            />
            <div className="account-form__actions">
              <Button type="submit" size="lg" fullWidth>
                Confirm my email
              </Button>
            </div>
          </Form>
          <p>
            Changing the email of your account? <TextLink href={paths.login(here)}>Log in to that account</TextLink> to confirm the change.
          </p>
          {done && confirmError ? (
            <p>
              Not yours, or the link is old? <TextLink href={withRedirect(paths.register, redirect)}>Register again</TextLink> with a password of your own.
            </p>
          ) : null}
        </>
      )}
    </AccountCard>
  );
}
