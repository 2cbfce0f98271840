import nodemailer from 'nodemailer';
import type { Mailer } from '../queue/mail';

/** Real delivery through the SMTP server of SMTP_URL (smtp://user:pass@host:587). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // Sent by the queue's worker, never inside a request; still, a silent server must not hold the
  // worker for minutes: the job fails and is retried with backoff.
  const url = new URL(smtpUrl);
  for (const [name, value] of Object.entries({ connectionTimeout: '10000', greetingTimeout: '10000', socketTimeout: '30000' })) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  }
  const transport = nodemailer.createTransport(url.toString());
  return {
    async send(mail) {
      // The mail's own Message-ID goes with it (nodemailer's messageId): every run of its job
      // sends the same one, so a receiver can drop a copy (docs/decisions/028).
      await transport.sendMail({ from, ...mail });
    },
  };
}
