import type { Config } from '../config';
import type { MailLog, Mailer } from '../queue/mail';
import { createOutboxMailer } from './outbox-mailer';
import { createSmtpMailer } from './smtp-mailer';

/** Chooses the mailer: SMTP when SMTP_URL is set, otherwise `.eml` files in the outbox. */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'outboxDir'>,
  log: MailLog = () => {},
): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(config.outboxDir, config.mailFrom, log);
}
