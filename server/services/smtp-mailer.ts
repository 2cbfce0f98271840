import nodemailer from 'nodemailer';
import type { Mailer } from '../queue/mail';

/**
 * Real delivery through the SMTP server of SMTP_URL (smtp://user:pass@host:587).
 *
 * Pooled (decision 119): the mails share a few open connections (nodemailer's pool: at most 5, each
 * closed after 100 mails or 4 idle minutes), so a mail costs its MAIL, RCPT and DATA, not a new
 * connection, greeting, TLS handshake and login. `?pool=false` in SMTP_URL sends each on its own.
 * A connection the server closed is dropped from the pool and the next mail opens a new one; a mail
 * that fails on the way fails its job, which the queue retries.
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // Sent by the queue's worker, never inside a request; still, a silent server must not hold the
  // worker for minutes: the job fails and is retried with backoff.
  const url = new URL(smtpUrl);
  for (const [name, value] of Object.entries({ pool: 'true', connectionTimeout: '10000', greetingTimeout: '10000', socketTimeout: '30000' })) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  }
  const transport = nodemailer.createTransport(url.toString());
  return {
    async send(mail) {
      // The mail's own Message-ID goes with it (nodemailer's messageId): every run of its job
      // sends the same one, so a receiver can drop a copy (docs/decisions/028).
      await transport.sendMail({ from, ...mail });
    },
    async close() {
      transport.close();
    },
  };
}
