import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { paths } from '../../shared/paths';
import { redirectTarget, withRedirect } from '../../../domain/site/login-redirect';
import { sessionSelectors, useSession, useSessionState } from '../../shared/session';
import { useToast } from '../../shared/toasts';
import { Alert, Spinner, TextLink } from '../../components/ui';
import { AccountCard } from './account-card';

export const emailConfirmed = 'Your email is confirmed: you are logged in';

/**
 * /confirm-email/:token (decision 029): the link mailed on registering or on an email change. It is
 * followed once on arrival (the session machine's `session.confirm`), which signs in; then the
 * `redirect` of the link (the booking the visitor had started), else /home.
 */
export default function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const [searchParams] = useSearchParams();
  const redirect = redirectTarget(searchParams);
  const { send } = useSession();
  const confirming = useSessionState(sessionSelectors.confirming);
  const confirmError = useSessionState(sessionSelectors.confirmError);
  const navigate = useNavigate();
  const showToast = useToast();
  // The link works once: sent once per visit, also when React runs the effect twice.
  const sent = useRef(false);
  const [started, setStarted] = useState(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    send({ type: 'session.confirm', token });
    setStarted(true);
  }, [send, token]);

  const done = started && !confirming;
  useEffect(() => {
    if (!done || confirmError) return;
    showToast(emailConfirmed, 'success');
    navigate(redirect ?? paths.services, { replace: true });
  }, [done, confirmError, redirect, navigate, showToast]);

  return (
    <AccountCard title="Confirm your email" description="Confirm the email of your Sparkle Cleaning account.">
      {done && confirmError ? (
        <>
          <Alert variant="error">{confirmError}</Alert>
          <p>
            <TextLink href={withRedirect(paths.register, redirect)}>Register again</TextLink> or{' '}
            <TextLink href={paths.login(redirect)}>log in</TextLink>.
          </p>
        </>
      ) : (
        <Spinner label="Confirming your email…" />
      )}
    </AccountCard>
  );
}
