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
 *
 * Whether a Message-ID was written is known without listing the folder (decision 107: a listing per
 * mail grew with the outbox, 1.5 ms of CPU a mail at 3,000 files): its first run creates an empty
 * file named by its digest in the hidden `.sent` folder (made with the first such mail), exclusively, before renaming the mail into
 * place. Only a run that finds that file there (a rerun) lists the folder, and writes the mail when
 * no copy is in it (the first run stopped between the two).
 */
export function createOutboxMailer(outboxDir: string, from: string, log: MailLog): Mailer {
  const sentDir = path.join(outboxDir, SENT_FOLDER);
  // Mails hold live reset links: readable by the server's user only. Created once; again if removed.
  let folder: Promise<unknown> | null = null;
  const makeFolders = (again = false) => {
    if (!folder || again) folder = mkdir(outboxDir, { recursive: true, mode: 0o700 }).catch((error: unknown) => { folder = null; throw error; });
    return folder;
  };
  return {
    async send(mail) {
      await makeFolders();
      const key = mail.messageId ? digest(mail.messageId) : randomBytes(3).toString('hex');
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${String(++sequence).padStart(6, '0')}-${key}.eml`;
      const file = path.join(outboxDir, name);
      const aside = path.join(outboxDir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
      const eml = formatEml(from, mail);
      await writeFile(aside, eml, { encoding: 'utf8', mode: 0o600 }).catch(async (error: unknown) => {
        if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
        await makeFolders(true);
        await writeFile(aside, eml, { encoding: 'utf8', mode: 0o600 });
      });
      if (mail.messageId && !(await firstRun(sentDir, key)) && (await filesOf(outboxDir, key)).length > 0) {
        await rm(aside, { force: true });
        log(`Mail ${mail.messageId} is in the outbox already: not written again`);
        return;
      }
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

/** The hidden folder of the Message-IDs written (their digests), inside the outbox. */
export const SENT_FOLDER = '.sent';

/** True when this is the first run to write the mail of digest `key` (its mark is created now). */
async function firstRun(sentDir: string, key: string): Promise<boolean> {
  const mark = () => writeFile(path.join(sentDir, key), '', { flag: 'wx', mode: 0o600 });
  try {
    await mark().catch(async (error: unknown) => {
      if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
      await mkdir(sentDir, { recursive: true, mode: 0o700 });
      await mark();
    });
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'EEXIST') return false;
    throw error;
  }
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
