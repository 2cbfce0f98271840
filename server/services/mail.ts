/**
 * What a mail is and what sends one: the seam for outgoing mail, in a file of its own so the
 * mailers (outbox, SMTP) and what they are chosen by (`mailer.ts`) import it without a circle.
 */
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
