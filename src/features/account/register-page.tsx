import { useEffect, useLayoutEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../shared/paths';
import { redirectTarget } from '../../../domain/site/login-redirect';
import { sessionSelectors, useSession, useSessionState } from '../../shared/session';
import { Alert, Button, Form, Checkbox, TextField, TextLink } from '../../components/ui';
import { AccountCard } from './account-card';
import { useValidatedForm } from '../../shared/account/use-validated-form';
import { validateRegister, type RegisterForm } from './validate-register';
import { forgetVisitorDraft, readVisitorDraft, saveVisitorDraft } from '../../lib/form-drafts';

const emptyRegistration: RegisterForm = { name: '', email: '', password: '', acceptedTerms: false };
type RegisterDraft = Pick<RegisterForm, 'name' | 'email' | 'acceptedTerms'>;


/**
 * /register (R-AUTH-2): full name, email, password and the terms; success goes to /login, which says
 * "check your mail" with the email filled in. The `redirect` a visitor came with (the booking they
 * started) goes into the mailed link, which signs in and leads back there (decision 029), and stays
 * on /login for a sign-in there.
 */
export default function RegisterPage() {
  const { send } = useSession();
  const registering = useSessionState(sessionSelectors.registering);
  const registered = useSessionState(sessionSelectors.registered);
  const registerError = useSessionState(sessionSelectors.registerError);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirect = redirectTarget(searchParams) ?? undefined;
  const form = useValidatedForm(emptyRegistration, validateRegister);
  // The typed name, email and tick are kept in this tab (never the password), so Back from the
  // terms and a reload find them again (decision 076). Read after the first render, which must
  // match the prerendered page; a field already typed in is not overwritten.
  const { name, email, acceptedTerms } = form.values;
  const [restored, setRestored] = useState(false);
  const { change } = form;
  useLayoutEffect(() => {
    const draft = readVisitorDraft<RegisterDraft>('register');
    if (typeof draft.name === 'string' && draft.name && !name) change('name')(draft.name);
    if (typeof draft.email === 'string' && draft.email && !email) change('email')(draft.email);
    if (draft.acceptedTerms === true && !acceptedTerms) change('acceptedTerms')(true);
    setRestored(true);
    // Once, on entry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (restored) saveVisitorDraft<RegisterDraft>('register', { name, email, acceptedTerms });
  }, [restored, name, email, acceptedTerms]);
  // A page the browser keeps and shows again on Back (its back/forward cache, also for a link
  // followed before the app started) would bring the password back with it: it is cleared then.
  useEffect(() => {
    const clearPassword = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      change('password')('');
      for (const input of document.querySelectorAll<HTMLInputElement>('form input[type="password"]')) input.value = '';
    };
    window.addEventListener('pageshow', clearPassword);
    return () => window.removeEventListener('pageshow', clearPassword);
  }, [change]);
  // Only a registration sent from this visit leads on: a result left from an earlier one does not.
  const [sentHere, setSentHere] = useState(false);

  // R-AUTH-2: the register state is reset on entry.
  useLayoutEffect(() => send({ type: 'session.registerReset' }), [send]);

  useEffect(() => {
    if (!(registered && sentHere)) return;
    forgetVisitorDraft('register');
    navigate(paths.login(redirect), { state: { checkMail: form.values.email.trim() } });
  }, [registered, sentHere, navigate, redirect, form.values.email]);

  const submit = form.handleSubmit(({ name, email, password }) => {
    setSentHere(true);
    send({ type: 'session.register', name: name.trim(), email: email.trim(), password, ...(redirect ? { returnTo: redirect } : {}) });
  });

  return (
    <AccountCard
      title="Register"
      intro="Create your account to book a cleaning in a few clicks."
      description="Create a Sparkle Cleaning account."
      footer={<>Already have an account? <TextLink href={paths.login(redirect)}>Log in</TextLink></>}
    >
      <Form onSubmit={submit} noValidate aria-label="Register">
        <TextField label="Full name" name="name" autoComplete="name" isRequired value={form.values.name} onChange={form.change('name')} errorMessage={form.errors.name} />
        <TextField label="Email" type="email" name="email" autoComplete="email" isRequired value={form.values.email} onChange={form.change('email')} errorMessage={form.errors.email} />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          isRequired
          description="At least 6 characters."
          value={form.values.password}
          onChange={form.change('password')}
          errorMessage={form.errors.password}
        />
        {/* The links stand beside the box, not in its label: a tap on the label only ticks it (decision 076). */}
        <Checkbox
          name="terms"
          isSelected={form.values.acceptedTerms}
          onChange={form.change('acceptedTerms')}
          errorMessage={form.errors.acceptedTerms}
          description={
            <>
              Read the <TextLink href={paths.terms}>terms and conditions</TextLink> and the <TextLink href={paths.privacy}>privacy policy</TextLink>.
            </>
          }
        >
          I agree to the terms and conditions and the privacy policy
        </Checkbox>
        {registerError ? <Alert variant="error">{registerError}</Alert> : null}
        <div className="account-form__actions">
          <Button type="submit" size="lg" fullWidth isPending={registering}>
            {registering ? 'Creating your account…' : 'Register'}
          </Button>
        </div>
      </Form>
    </AccountCard>
  );
}
