import { useEffect, useState, type FormEvent } from 'react';
import { useToast } from '../../../shared/toasts';
import { sendContact } from '../../../api/send-contact';
import { useRequest } from '../../../shared/use-request';
import { Alert, Button, Form, TextField } from '../../../components/ui';
import { hasErrors, toContactRequest, validateContact, type ContactErrors, type ContactField } from './contact-validation';
import { ContactRequestRules, EmailRules } from '../../../../openapi/rules';
import './contact-form.css';
import type { ContactRequest } from '../../../../openapi/schema';

export const contactSuccessMessage = 'Contact was successfully, we will contact you asap !';

const emptyForm: ContactRequest = { name: '', email: '', message: '' };

/**
 * Full name, Email, Message. Invalid input is shown and not sent; a sent message shows the success
 * text (toast and inline) and clears the form. Sending goes through the shared request machine.
 */
export function ContactForm() {
  const [form, setForm] = useState(emptyForm);
  const [submitted, setSubmitted] = useState(false);
  // After a first submit, messages follow the typing so a fixed field loses its error at once.
  // Derived, so changes handed over together (typed before the app ran) each build on the last.
  const errors: ContactErrors = submitted ? validateContact(form) : {};
  const contact = useRequest(sendContact);
  const showToast = useToast();

  useEffect(() => {
    if (!contact.succeeded) return;
    showToast(contactSuccessMessage, 'success');
    setForm(emptyForm);
    setSubmitted(false);
  }, [contact.succeeded, showToast]);

  const change = (field: ContactField) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateContact(form);
    setSubmitted(true);
    if (!hasErrors(found)) contact.send(toContactRequest(form));
  };

  return (
    <Form className="contact-form" onSubmit={submit} noValidate aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">Send us a message</h2>
      <TextField label="Full name" name="name" autoComplete="name" isRequired maxLength={ContactRequestRules.properties.name.maxLength} value={form.name} onChange={change('name')} errorMessage={errors.name} />
      <TextField label="Email" name="email" type="email" autoComplete="email" isRequired maxLength={EmailRules.maxLength} value={form.email} onChange={change('email')} errorMessage={errors.email} />
      <TextField label="Message" name="message" multiline rows={6} isRequired maxLength={ContactRequestRules.properties.message.maxLength} showCount value={form.message} onChange={change('message')} errorMessage={errors.message} />
      {contact.failed && <Alert variant="error">{contact.error}</Alert>}
      {contact.succeeded && <Alert variant="success">{contactSuccessMessage}</Alert>}
      <Button type="submit" size="lg" isPending={contact.loading} fullWidth>
        {contact.loading ? 'Sending…' : 'Send message'}
      </Button>
    </Form>
  );
}
