import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** A mail read back from the outbox folder (see outbox-mailer.ts). */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  /** The plain-text body. */
  text: string;
  /** Every http(s) link in the text body, in order. */
  links: string[];
  /** Files attached (multipart/mixed), decoded. */
  attachments: Array<{ filename: string; contentType: string; content: string }>;
}

/** All mails in the outbox, oldest first; an absent folder is an empty outbox. */
export async function readOutbox(outboxDir: string): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(names.map(async (name) => parseEml(path.join(outboxDir, name), await readFile(path.join(outboxDir, name), 'utf8'))));
}

/** The newest mail sent to `to` (case-insensitive), or null. Tests and e2e follow reset links from it. */
export async function readLatestMail(outboxDir: string, to: string): Promise<OutboxMail | null> {
  const wanted = to.trim().toLowerCase();
  const mails = await readOutbox(outboxDir);
  return mails.filter((mail) => mail.to.toLowerCase() === wanted).at(-1) ?? null;
}

function parseEml(file: string, raw: string): OutboxMail {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const headers = new Map(
    head.split('\r\n').map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as const;
    }),
  );
  const body = rest.join('\r\n\r\n');
  const boundary = /boundary="([^"]+)"/.exec(headers.get('content-type') ?? '')?.[1];
  const text = boundary ? textPart(body, boundary) : body.replace(/\r\n$/, '');
  return {
    file,
    to: headers.get('to') ?? '',
    subject: decodeHeader(headers.get('subject') ?? ''),
    text,
    links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
    attachments: boundary ? attachmentParts(body, boundary) : [],
  };
}

function textPart(body: string, boundary: string): string {
  for (const part of body.split(`--${boundary}`)) {
    const [partHead = '', ...partBody] = part.replace(/^\r\n/, '').split('\r\n\r\n');
    if (/text\/plain/i.test(partHead)) return partBody.join('\r\n\r\n').replace(/\r\n$/, '');
  }
  return '';
}

function attachmentParts(body: string, boundary: string): OutboxMail['attachments'] {
  const found: OutboxMail['attachments'] = [];
  for (const part of body.split(`--${boundary}`)) {
    const [partHead = '', ...partBody] = part.replace(/^\r\n/, '').split('\r\n\r\n');
    const filename = /filename="([^"]+)"/i.exec(partHead)?.[1];
    if (!filename) continue;
    const contentType = /content-type:\s*([^;\r\n]+)/i.exec(partHead)?.[1]?.trim() ?? '';
    const content = Buffer.from(partBody.join('').replace(/\s+/g, ''), 'base64').toString('utf8');
    found.push({ filename, contentType, content });
  }
  return found;
}

function decodeHeader(value: string): string {
  const encoded = /^=\?UTF-8\?B\?(.*)\?=$/i.exec(value);
  return encoded ? Buffer.from(encoded[1]!, 'base64').toString('utf8') : value;
}
