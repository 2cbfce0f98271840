import type { ContactRequest } from '../../../../openapi/schema';
import { imitatesStaff, namesMustNotImitateStaff } from '../../../../domain/names/staff-names';

/** The messages of R-VAL-4 for the contact form, exactly as the product shows them. */
export const contactMessages = {
  nameRequired: 'Full name is required !',
  emailRequired: 'Email is required !',
  emailInvalid: 'Invalid Email !',
  messageRequired: 'Message is required !',
} as const;

export type ContactField = keyof ContactRequest;
export type ContactErrors = Partial<Record<ContactField, string>>;

// A standard email shape: something@domain.tld, no spaces, one @.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function isEmail(value: string): boolean {
  return emailPattern.test(value.trim());
}

/** Checks one message; an empty result means it can be sent. Whitespace alone counts as empty. */
export function validateContact(form: ContactRequest): ContactErrors {
  const errors: ContactErrors = {};
  if (!form.name.trim()) errors.name = contactMessages.nameRequired;
  else if (imitatesStaff(form.name)) errors.name = namesMustNotImitateStaff('Name');
  if (!form.email.trim()) errors.email = contactMessages.emailRequired;
  else if (!isEmail(form.email)) errors.email = contactMessages.emailInvalid;
  if (!form.message.trim()) errors.message = contactMessages.messageRequired;
  return errors;
}

export function hasErrors(errors: ContactErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** What is sent: the same fields, trimmed, so stray spaces do not reach the company's inbox. */
export function toContactRequest(form: ContactRequest): ContactRequest {
  return { name: form.name.trim(), email: form.email.trim(), message: form.message.trim() };
}
