import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Mail, MailLog, Mailer } from './mail';

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
  const attachments = mail.attachments ?? [];
  if (attachments.length === 0) return [...headers, ...bodyPart(mail), ''].join('\r\n');
  // multipart/mixed: the body first (what readers and readOutbox show), then each file in base64.
  const boundary = `sparkle-mixed-${randomBytes(8).toString('hex')}`;
  return [
    ...headers,
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    ...bodyPart(mail),
    ...attachments.flatMap((file) => [
      `--${boundary}`,
      `Content-Type: ${file.contentType}; name="${file.filename}"`,
      `Content-Disposition: attachment; filename="${file.filename}"`,
      'Content-Transfer-Encoding: base64',
      '',
      ...(Buffer.from(file.content, 'utf8').toString('base64').match(/.{1,76}/g) ?? []),
    ]),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** The text (and HTML) of a mail: its headers, a blank line, the content. */
function bodyPart(mail: Mail): string[] {
  if (!mail.html) return ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit', '', mail.text];
  const boundary = `sparkle-${randomBytes(8).toString('hex')}`;
  return [
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
  ];
}

/** RFC 2047 for a subject that is not plain ASCII. */
function encodeHeader(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}
