import type { MailText } from './mail-text';

/** The mails about an account itself: its password, its address, a cleaner's invitation (services/password-reset.ts, email-confirmation.ts, cleaners.ts). */

export const passwordResetMail = (name: string, link: string): MailText => ({
  subject: 'Reset your Sparkle Cleaning password',
  text: [
    `Hello ${name},`,
    '',
    'Someone (hopefully you) asked to reset the password of your Sparkle Cleaning account.',
    `Choose a new password here within the next hour: ${link}`,
    '',
    'If you did not ask for this, ignore this email: your password stays as it is.',
  ].join('\n'),
});

export const confirmEmailMail = (greeting: string, kind: 'registration' | 'change', link: string): MailText => ({
  subject: 'Confirm your email for Sparkle Cleaning',
  text: [
    greeting,
    '',
    kind === 'registration'
      ? 'Someone (hopefully you) created a Sparkle Cleaning account with this email address.'
      : 'Someone (hopefully you) asked to use this email address for their Sparkle Cleaning account.',
    kind === 'registration'
      ? `Confirm it within 24 hours: follow this link and enter the password you chose when registering: ${link}`
      : `Confirm it within 24 hours: log in to your Sparkle Cleaning account, then follow this link: ${link}`,
    '',
    'If this was not you, ignore this email: nothing is tied to your address until the link is followed.',
  ].join('\n'),
});

export const emailTakenMail = (name: string, what: 'register' | 'change', publicUrl: string): MailText => ({
  subject: 'Someone tried to use your email at Sparkle Cleaning',
  text: [
    `Hello ${name},`,
    '',
    what === 'register'
      ? 'Someone tried to register a new Sparkle Cleaning account with your email address. Your address already has an account, so no other account was created.'
      : 'Someone tried to move another Sparkle Cleaning account to your email address. Your address already has an account, so nothing changed.',
    `If it was you, log in here (or reset your password there): ${publicUrl}/login`,
    '',
    'If it was not you, you need do nothing: your account and what is tied to it stay yours.',
  ].join('\n'),
});

export const emailChangedMail = (oldEmail: string, newEmail: string, publicUrl: string): MailText => ({
  subject: 'The email of your Sparkle Cleaning account was changed',
  text: [
    'Hello,',
    '',
    `The email of your Sparkle Cleaning account was changed from ${oldEmail} to ${newEmail}.`,
    'Mails about your account and your bookings now go to the new address.',
    '',
    'If you did not make this change, reply to this email or use our contact page at once:',
    `${publicUrl}/contact`,
  ].join('\n'),
});

export const cleanerInvitationMail = (name: string, token: string, publicUrl: string): MailText => ({
  subject: 'Your Sparkle Cleaning cleaner account',
  text: [
    `Hello ${name},`,
    '',
    'Sparkle Cleaning has made you a cleaner account, so you can see your team\'s jobs on your phone.',
    `Set your password to see your jobs, within 72 hours: ${publicUrl}/reset-password/${token}?invitation=1`,
    `It signs you in and opens your jobs. Later, sign in at ${publicUrl}/login with this email address.`,
  ].join('\n'),
});
