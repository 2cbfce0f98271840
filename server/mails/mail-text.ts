/** What a mail says: its subject and plain-text body (server/mails/ renders them; services address and queue them). */
export interface MailText {
  subject: string;
  text: string;
}
