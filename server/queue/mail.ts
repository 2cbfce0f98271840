/**
 * What a mail is and what sends one: the seam for outgoing mail, in a file of its own so the
 * mailers (outbox, SMTP) and what they are chosen by (`mailer.ts`) import it without a circle.
 */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * `<uuid@host>`, given when the mail is queued (jobs/index.ts) and kept in the job, so every run
   * of the job sends the same Message-ID: the outbox writes it once, receivers can drop a copy
   * (docs/decisions/028). Doubles as the mail's idempotency key.
   */
  messageId?: string;
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
  /** The copy of `mail` this mailer keeps (an outbox file), removed: its job was erased while it ran. */
  withdraw?(mail: Mail): Promise<void>;
  /** Erasure: removes every kept copy of a mail to `to` (case-insensitive); SMTP keeps none. */
  forget?(to: string): Promise<void>;
  /** Closes what it keeps open (SMTP's pooled connections), once no mail is being sent. */
  close?(): Promise<void>;
}

export type MailLog = (message: string) => void;
