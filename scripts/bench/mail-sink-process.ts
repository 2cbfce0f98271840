/**
 * The bench's mail server, in a process of its own (scripts/bench/mail-sink.ts): the test SMTP
 * server (real TCP, real protocol), which keeps nothing. It tells its parent how many mails it
 * received, and the links of each mail with a confirmation link (the load's registrations).
 */
import { startSmtpServer } from '../../tests/api/support/smtp-server';

const server = await startSmtpServer('accept');
let received = 0;
/** The subject of the mail with a confirmation link (server/mails/account-mails.ts). */
const CONFIRMATION_SUBJECT = 'Subject: Confirm your email';

/** The mail's text as sent: quoted-printable soft breaks and escapes undone (nodemailer's encoding). */
const decoded = (data: string) => data.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const drain = () => {
  if (server.received.length === 0) return;
  for (const mail of server.received.splice(0)) {
    received += 1;
    // Only the registrations' mails are read (their subject is plain ASCII in the header).
    if (!mail.data.includes(CONFIRMATION_SUBJECT)) continue;
    const text = decoded(mail.data);
    const links = [...new Set(text.match(/https?:\/\/[^\s"'<>]+/g) ?? [])];
    process.send!({ kind: 'mail', to: mail.to[0], links });
  }
  process.send!({ kind: 'received', count: received });
};
const timer = setInterval(drain, 20);

process.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  drain();
  void server.close().then(() => process.exit(0));
});
process.send!({ kind: 'ready', url: server.url });
