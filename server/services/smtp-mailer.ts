import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

/** Real delivery through the SMTP server of SMTP_URL (smtp://user:pass@host:587). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}
