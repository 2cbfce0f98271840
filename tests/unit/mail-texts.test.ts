import { describe, expect, it } from 'vitest';
import { cleanerInvitationMail, confirmEmailMail, emailChangedMail, emailTakenMail, passwordResetMail } from '../../server/mails/account-mails';
import { contactReplyMail, districtCoveredMail } from '../../server/mails/contact-mails';
import type { MailText } from '../../server/mails/mail-text';

/**
 * Every mail moved to server/mails/ renders from sample data: a subject, a body that carries what it
 * was given, and no money figure (amounts, when a mail has them, come from domain/money's formatter).
 * The exact words are pinned where each mail is sent (tests/api/*, tests/services/*).
 */
const site = 'https://sparkle.example';
const mails: [string, MailText, string[]][] = [
  ['password reset', passwordResetMail('Ada', `${site}/reset-password/t0k`), ['Hello Ada,', `${site}/reset-password/t0k`]],
  ['confirm (registration)', confirmEmailMail('Hello Ada,', 'registration', `${site}/confirm/t`), ['created a Sparkle Cleaning account', `${site}/confirm/t`]],
  ['confirm (change)', confirmEmailMail('Hello,', 'change', `${site}/confirm/t`), ['asked to use this email address']],
  ['email taken (register)', emailTakenMail('Ada', 'register', site), ['no other account was created', `${site}/login`]],
  ['email taken (change)', emailTakenMail('Ada', 'change', site), ['so nothing changed']],
  ['email changed', emailChangedMail('old@example.com', 'new@example.com', site), ['from old@example.com to new@example.com', `${site}/contact`]],
  ['cleaner invitation', cleanerInvitationMail('Bo', 't0k', site), ['Hello Bo,', `${site}/reset-password/t0k`, `${site}/login`]],
  ['contact reply', contactReplyMail('Ada', 'Thank you', 'line one\nline two'), ['Thank you', '> line one\n> line two']],
  ['district covered', districtCoveredMail('SE28', site), ['cover SE28', `${site}/`]],
];

describe('mail texts', () => {
  it.each(mails)('%s renders', (_name, mail, carries) => {
    expect(mail.subject.trim()).not.toBe('');
    for (const part of carries) expect(mail.text).toContain(part);
    expect(mail.text).not.toMatch(/undefined|null|\[object/);
    expect(`${mail.subject}\n${mail.text}`).not.toContain('£');
  });
});
