import type { Config } from '../config';
import { createOutboxMailer } from './outbox-mailer';
import { createSmtpMailer } from './smtp-mailer';

/** The seam for outgoing mail: SMTP when SMTP_URL is set, otherwise `.eml` files in the outbox. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the mail (a booking's `.ics`); text only, since the queue stores the mail as JSON. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  /** e.g. `text/calendar; charset=utf-8; method=PUBLISH`. */
  contentType: string;
  content: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export type MailLog = (message: string) => void;

export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'outboxDir'>,
  log: MailLog = () => {},
): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(config.outboxDir, config.mailFrom, log);
}
