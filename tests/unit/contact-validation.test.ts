import { describe, expect, it } from 'vitest';
import {
  contactMessages,
  hasErrors,
  isEmail,
  toContactRequest,
  validateContact,
} from '../../src/features/public/contact/contact-validation';

const valid = { name: 'Jane Doe', email: 'jane.doe@example.co.uk', message: 'Do you clean ovens?' };

describe('contact form validation (R-VAL-4)', () => {
  it('accepts a full name, a valid email and a message', () => {
    const errors = validateContact(valid);
    expect(errors).toEqual({});
    expect(hasErrors(errors)).toBe(false);
  });

  it('shows every required message when the form is empty', () => {
    expect(validateContact({ name: '', email: '', message: '' })).toEqual({
      name: 'Full name is required !',
      email: 'Email is required !',
      message: 'Message is required !',
    });
  });

  it('refuses a name that reads like staff, with the message the server gives (issue 24)', () => {
    expect(validateContact({ ...valid, name: 'Sam Admin' })).toEqual({ name: 'Name must be your own name: names like Admin, Support, Staff, Sparkle Cleaning or Deleted user are kept for the company' });
    expect(validateContact({ ...valid, name: 'Badminton Club' })).toEqual({});
  });

  it('treats a field of spaces as empty', () => {
    expect(validateContact({ name: '   ', email: ' ', message: '\n\t' })).toEqual({
      name: contactMessages.nameRequired,
      email: contactMessages.emailRequired,
      message: contactMessages.messageRequired,
    });
  });

  it.each(['jane', 'jane@', '@example.com', 'jane@example', 'jane doe@example.com', 'jane@@example.com', 'jane@example.c'])(
    'shows "Invalid Email !" for %s',
    (email) => {
      const errors = validateContact({ ...valid, email });
      expect(errors).toEqual({ email: 'Invalid Email !' });
      expect(hasErrors(errors)).toBe(true);
    },
  );

  it.each(['a@b.co', 'first.last+tag@sub.example.org', ' jane@example.com '])('accepts %s as an email', (email) => {
    expect(isEmail(email)).toBe(true);
  });

  it('reports only the field that is wrong', () => {
    expect(validateContact({ ...valid, message: '' })).toEqual({ message: 'Message is required !' });
    expect(validateContact({ ...valid, name: '' })).toEqual({ name: 'Full name is required !' });
  });

  it('sends the fields trimmed', () => {
    expect(toContactRequest({ name: ' Jane ', email: ' jane@example.com ', message: ' Hi \n' })).toEqual({
      name: 'Jane',
      email: 'jane@example.com',
      message: 'Hi',
    });
  });
});
