/** The seam for outgoing mail: SMTP when SMTP_URL is set, otherwise `.eml` files in the outbox. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}
