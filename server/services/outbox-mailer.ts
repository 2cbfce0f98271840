import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Mail, MailLog, Mailer } from '../queue/mail';

let sequence = 0;

/**
 * Without an SMTP server, each mail is written as an `.eml` file (openable by any mail client) in
 * the outbox folder; names sort by time, so the newest is last. A mail with a Message-ID is
 * written once: its name ends with a digest of it, and a second run of the same job (a retry, a
 * rerun after a crash) finds the file and writes nothing (docs/decisions/028). A file appears whole
 * or not at all (written aside, then renamed), so a crash mid-write leaves no half mail to skip on.
 */
export function createOutboxMailer(outboxDir: string, from: string, log: MailLog): Mailer {
  return {
    async send(mail) {
      // Mails hold live reset links: readable by the server's user only.
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const key = mail.messageId ? digest(mail.messageId) : randomBytes(3).toString('hex');
      if (mail.messageId && (await filesOf(outboxDir, key)).length > 0) {
        log(`Mail ${mail.messageId} is in the outbox already: not written again`);
        return;
      }
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${String(++sequence).padStart(6, '0')}-${key}.eml`;
      const file = path.join(outboxDir, name);
      const aside = path.join(outboxDir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
      await writeFile(aside, formatEml(from, mail), { encoding: 'utf8', mode: 0o600 });
      await rename(aside, file);
      log(`Mail to ${mail.to} ("${mail.subject}") written to ${file}`);
    },
    async withdraw(mail) {
      if (!mail.messageId) return;
      for (const name of await filesOf(outboxDir, digest(mail.messageId))) await rm(path.join(outboxDir, name), { force: true });
    },
    async forget(to) {
      const wanted = to.trim().toLowerCase();
      let names: string[];
      try {
        names = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml'));
      } catch {
        return;
      }
      for (const name of names) {
        const file = path.join(outboxDir, name);
        const raw = await readFile(file, 'utf8').catch(() => '');
        if (recipientOf(raw) === wanted) await rm(file, { force: true });
      }
    },
  };
}

/** The mail's file name ends with this: 24 hex digits of the Message-ID's SHA-256. */
function digest(messageId: string): string {
  return createHash('sha256').update(messageId).digest('hex').slice(0, 24);
}

async function filesOf(outboxDir: string, key: string): Promise<string[]> {
  try {
    return (await readdir(outboxDir)).filter((name) => name.endsWith(`-${key}.eml`));
  } catch {
    return [];
  }
}

/** The To header of a written mail, lower case ('' when there is none). */
function recipientOf(raw: string): string {
  const head = raw.split('\r\n\r\n', 1)[0] ?? '';
  const line = head.split('\r\n').find((header) => /^to:/i.test(header));
  return line ? line.slice(3).trim().toLowerCase() : '';
}

function formatEml(from: string, mail: Mail): string {
  const headers = [
    `From: ${from}`,
    `To: ${mail.to}`,
    `Subject: ${encodeHeader(mail.subject)}`,
    `Date: ${new Date().toUTCString()}`,
    ...(mail.messageId ? [`Message-ID: ${mail.messageId}`] : []),
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
