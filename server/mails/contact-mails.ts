import type { MailText } from './mail-text';

/** Mails to people who wrote to the company or asked to hear of a district (services/contact-messages.ts, service-area-settings.ts). */

/** Staff's reply, with the message it answers quoted below. */
export const contactReplyMail = (name: string, reply: string, original: string): MailText => ({
  subject: 'Re: your message to Sparkle Cleaning',
  text: [`Hello ${name},`, '', reply, '', '— Sparkle Cleaning', '', '> ' + original.split('\n').join('\n> ')].join('\n'),
});

export const districtCoveredMail = (district: string, publicUrl: string): MailText => ({
  subject: `Sparkle Cleaning now covers ${district}`,
  text: [
    'Hello,', '',
    `You asked us to tell you when we cover ${district}: we do now, and you can book at ${publicUrl}/.`, '',
    'We will not write about this again.', '', '— Sparkle Cleaning',
  ].join('\n'),
});
