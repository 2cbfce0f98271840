import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Mail, MailLog, Mailer } from './mailer';

let sequence = 0;

/**
 * Without an SMTP server, each mail is written as an `.eml` file (openable by any mail client) in
 * the outbox folder; names sort by time, so the newest is last.
 */
export function createOutboxMailer(outboxDir: string, from: string, log: MailLog): Mailer {
  return {
    async send(mail) {
      // Mails hold live reset links: readable by the server's user only.
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${String(++sequence).padStart(6, '0')}-${randomBytes(3).toString('hex')}.eml`;
      const file = path.join(outboxDir, name);
      await writeFile(file, formatEml(from, mail), { encoding: 'utf8', mode: 0o600 });
      log(`Mail to ${mail.to} ("${mail.subject}") written to ${file}`);
    },
  };
}

function formatEml(from: string, mail: Mail): string {
  const headers = [
    `From: ${from}`,
    `To: ${mail.to}`,
    `Subject: ${encodeHeader(mail.subject)}`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
  ];
  if (!mail.html) {
    return [...headers, 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit', '', mail.text, ''].join('\r\n');
  }
  const boundary = `sparkle-${randomBytes(8).toString('hex')}`;
  return [
    ...headers,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    mail.text,
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    mail.html,
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** RFC 2047 for a subject that is not plain ASCII. */
function encodeHeader(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}
