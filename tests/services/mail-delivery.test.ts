import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail, Mailer } from '../../server/queue/mail';
import { createMailer } from '../../server/services/mailer';
import { readLatestMail, readOutbox } from '../../server/services/outbox';
import { createOutboxMailer, SENT_FOLDER } from '../../server/services/outbox-mailer';
import { createSmtpMailer } from '../../server/services/smtp-mailer';
import { startSmtpServer, type SmtpServer } from '../api/support/smtp-server';
import { eventually } from '../api/support/mail-wait';

/**
 * Where mail goes (README "Configuration": SMTP_URL, MAIL_FROM, OUTBOX_DIR): `.eml` files in the
 * outbox, read back the way the API and e2e suites follow links, or a real SMTP conversation with
 * the loopback server of tests/api/support (real TCP, real nodemailer).
 */
const FROM = 'Sparkle Cleaning <no-reply@sparkle.test>';
let root: string;
let smtp: SmtpServer;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sparkle-mail-'));
  smtp = await startSmtpServer('accept');
});
afterAll(async () => {
  await smtp?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

let folders = 0;
/** A folder of its own per test, two levels below one that exists (so the mailer must create both). */
const newOutbox = () => path.join(root, `case-${++folders}`, 'outbox');
const raw = async (dir: string) => Promise.all((await readdir(dir)).filter((name) => name.endsWith('.eml')).sort().map((name) => readFile(path.join(dir, name), 'utf8')));

describe('the outbox mailer (no SMTP_URL)', () => {
  it('writes a plain mail as an .eml file only its owner reads, and says where', async () => {
    const dir = newOutbox();
    const logged: string[] = [];
    await createOutboxMailer(dir, FROM, (line) => logged.push(line)).send({ to: 'jane@example.co.uk', subject: 'Reset your password', text: 'Open https://sparkle.test/reset-password/abc\nThanks' });
    const [name, ...others] = await readdir(dir);
    expect(others).toEqual([]);
    // Names sort by time (an ISO stamp without colons), then a sequence number, then a random tail.
    expect(name).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-\d{6}-[0-9a-f]{6}\.eml$/);
    expect(logged).toEqual([`Mail to jane@example.co.uk ("Reset your password") written to ${path.join(dir, name!)}`]);
    expect(((await stat(dir)).mode & 0o777).toString(8)).toBe('700');
    expect(((await stat(path.join(dir, name!))).mode & 0o777).toString(8)).toBe('600');
    const [file] = await raw(dir);
    const [head, body] = file!.split('\r\n\r\n');
    const headers = head!.split('\r\n');
    expect(headers.slice(0, 3)).toEqual([`From: ${FROM}`, 'To: jane@example.co.uk', 'Subject: Reset your password']);
    expect(headers[3]).toMatch(/^Date: \w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(Math.abs(Date.parse(headers[3]!.slice(6)) - Date.now())).toBeLessThan(60_000);
    expect(headers.slice(4)).toEqual(['MIME-Version: 1.0', 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit']);
    expect(body).toBe('Open https://sparkle.test/reset-password/abc\nThanks\r\n');
    expect(await readOutbox(dir)).toEqual([{
      file: path.join(dir, name!),
      to: 'jane@example.co.uk',
      subject: 'Reset your password',
      text: 'Open https://sparkle.test/reset-password/abc\nThanks',
      links: ['https://sparkle.test/reset-password/abc'],
      attachments: [],
    }]);
  });

  it('names the mails so that they sort in the order they were sent', async () => {
    const dir = newOutbox();
    const mailer = createOutboxMailer(dir, FROM, () => {});
    for (let n = 1; n <= 12; n++) await mailer.send({ to: 'jane@example.co.uk', subject: `Mail ${n}`, text: `number ${n}` });
    expect((await readOutbox(dir)).map((mail) => mail.subject)).toEqual(Array.from({ length: 12 }, (_, i) => `Mail ${i + 1}`));
    const sequences = (await readdir(dir)).sort().map((name) => Number(name.split('-').at(-2)));
    expect(sequences.every((value, i) => i === 0 || value === sequences[i - 1]! + 1)).toBe(true);
    expect((await readLatestMail(dir, '  JANE@Example.co.uk '))?.subject).toBe('Mail 12');
  });

  it('encodes a subject that is not plain ASCII, and reads it back as written', async () => {
    const dir = newOutbox();
    await createOutboxMailer(dir, FROM, () => {}).send({ to: 'zoë@example.co.uk', subject: 'Payment received: £80.00 — thank you', text: 'Café crème' });
    const [file] = await raw(dir);
    expect(file).toContain(`Subject: =?UTF-8?B?${Buffer.from('Payment received: £80.00 — thank you').toString('base64')}?=\r\n`);
    const [mail] = await readOutbox(dir);
    expect([mail!.to, mail!.subject, mail!.text]).toEqual(['zoë@example.co.uk', 'Payment received: £80.00 — thank you', 'Café crème']);
  });

  it('sends an HTML mail as text and HTML alternatives; the text is what readers show', async () => {
    const dir = newOutbox();
    await createOutboxMailer(dir, FROM, () => {}).send({ to: 'jane@example.co.uk', subject: 'Hello', text: 'Plain words https://sparkle.test/a', html: '<p>Rich <a href="https://sparkle.test/html-only">words</a></p>' });
    const [file] = await raw(dir);
    const boundary = /boundary="(sparkle-[0-9a-f]{16})"/.exec(file!)?.[1];
    expect(boundary).toBeDefined();
    expect(file).toContain(`Content-Type: multipart/alternative; boundary="${boundary}"\r\n\r\n--${boundary}\r\n`);
    expect(file).toContain(`\r\n--${boundary}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\nPlain words https://sparkle.test/a\r\n`);
    expect(file).toContain(`\r\n--${boundary}\r\nContent-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n<p>Rich <a href="https://sparkle.test/html-only">words</a></p>\r\n--${boundary}--\r\n`);
    const [mail] = await readOutbox(dir);
    expect([mail!.text, mail!.links, mail!.attachments]).toEqual(['Plain words https://sparkle.test/a', ['https://sparkle.test/a'], []]);
  });

  it('attaches files in base64 lines of 76 characters after the body, and reads them back', async () => {
    const dir = newOutbox();
    const calendar = `BEGIN:VCALENDAR\r\nSUMMARY:Sparkle Cleaning: House Keeping — ${'x'.repeat(120)}\r\nEND:VCALENDAR\r\n`;
    const mail: Mail = {
      to: 'jane@example.co.uk',
      subject: 'Booking confirmed',
      text: 'See the attached booking.',
      attachments: [
        { filename: 'booking-7.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: calendar },
        { filename: 'notes.txt', contentType: 'text/plain', content: 'Two bedrooms' },
        { filename: 'empty.txt', contentType: 'text/plain', content: '' },
      ],
    };
    await createOutboxMailer(dir, FROM, () => {}).send(mail);
    const [file] = await raw(dir);
    const boundary = /boundary="(sparkle-mixed-[0-9a-f]{16})"/.exec(file!)?.[1];
    expect(boundary).toBeDefined();
    expect(file).toContain(`MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="${boundary}"\r\n\r\n--${boundary}\r\nContent-Type: text/plain; charset=utf-8\r\n`);
    expect(file).toContain(
      `\r\n--${boundary}\r\nContent-Type: text/calendar; charset=utf-8; method=PUBLISH; name="booking-7.ics"\r\nContent-Disposition: attachment; filename="booking-7.ics"\r\nContent-Transfer-Encoding: base64\r\n\r\n`,
    );
    expect(file!.endsWith(`\r\n--${boundary}--\r\n`)).toBe(true);
    const encoded = Buffer.from(calendar).toString('base64');
    const lines = file!.split('\r\n').filter((line) => encoded.includes(line) && line.length > 20);
    expect(lines.join('')).toBe(encoded);
    expect(lines.slice(0, -1).every((line) => line.length === 76)).toBe(true);
    const [read] = await readOutbox(dir);
    expect(read!.text).toBe('See the attached booking.');
    expect(read!.attachments).toEqual([
      { filename: 'booking-7.ics', contentType: 'text/calendar', content: calendar },
      { filename: 'notes.txt', contentType: 'text/plain', content: 'Two bedrooms' },
      { filename: 'empty.txt', contentType: 'text/plain', content: '' },
    ]);
  });
});

describe('one mail, one file (docs/decisions/028)', () => {
  const booking = (messageId: string, to = 'jane@example.co.uk'): Mail => ({ to, subject: 'Booking confirmed', text: '12 High Street', messageId });

  it('writes a mail with a Message-ID once: a second send of it (a rerun of its job) writes nothing', async () => {
    const dir = newOutbox();
    const logged: string[] = [];
    const mailer = createOutboxMailer(dir, FROM, (line) => logged.push(line));
    await mailer.send(booking('<one@sparkle.test>'));
    await mailer.send(booking('<one@sparkle.test>'));
    await mailer.send(booking('<two@sparkle.test>'));
    const files = await raw(dir);
    expect(files.map((file) => /\r\nMessage-ID: (\S+)\r\n/.exec(file)?.[1])).toEqual(['<one@sparkle.test>', '<two@sparkle.test>']);
    // Only whole mails in the folder (and the hidden marks of those written): no copy written aside is left.
    expect((await readdir(dir)).filter((name) => !name.endsWith('.eml'))).toEqual([SENT_FOLDER]);
    expect(logged[1]).toBe('Mail <one@sparkle.test> is in the outbox already: not written again');
  });

  it('writes a mail whose first run stopped after marking it written but before its file was in place', async () => {
    const dir = newOutbox();
    const mailer = createOutboxMailer(dir, FROM, () => {});
    await mailer.send(booking('<one@sparkle.test>'));
    // The first run died between its mark and its rename: the mark is there, the mail is not.
    for (const name of (await readdir(dir)).filter((file) => file.endsWith('.eml'))) await rm(path.join(dir, name));
    await mailer.send(booking('<one@sparkle.test>'));
    await mailer.send(booking('<one@sparkle.test>'));
    expect((await raw(dir)).map((file) => /\r\nMessage-ID: (\S+)\r\n/.exec(file)?.[1])).toEqual(['<one@sparkle.test>']);
  });

  it('withdraws the file of one Message-ID, and forgets every mail to an address whatever its case', async () => {
    const dir = newOutbox();
    const mailer = createOutboxMailer(dir, FROM, () => {});
    await mailer.send(booking('<a@sparkle.test>', 'Erased@Example.co.uk'));
    await mailer.send(booking('<b@sparkle.test>', 'erased@example.co.uk'));
    await mailer.send(booking('<c@sparkle.test>', 'kept@example.co.uk'));
    await mailer.send(booking('<d@sparkle.test>', 'kept@example.co.uk'));
    await mailer.withdraw!(booking('<d@sparkle.test>', 'kept@example.co.uk'));
    await mailer.forget!(' ERASED@example.co.uk ');
    expect((await readOutbox(dir)).map((mail) => mail.to)).toEqual(['kept@example.co.uk']);
    // Forgetting in an outbox never written to is nothing to do.
    await expect(createOutboxMailer(newOutbox(), FROM, () => {}).forget!('x@example.co.uk')).resolves.toBeUndefined();
  });
});

describe('reading the outbox back (the API and e2e suites follow links from it)', () => {
  const eml = (...lines: string[]) => lines.join('\r\n');

  it('an absent folder is an empty outbox; files other than .eml are not mails', async () => {
    expect(await readOutbox(path.join(root, 'never-created'))).toEqual([]);
    expect(await readLatestMail(path.join(root, 'never-created'), 'jane@example.co.uk')).toBeNull();
    const dir = newOutbox();
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'b.eml'), eml('To: b@example.co.uk', 'Subject: Second', '', 'two', ''));
    await writeFile(path.join(dir, 'a.eml'), eml('To: a@example.co.uk', 'Subject: First', '', 'one', ''));
    await writeFile(path.join(dir, 'c.eml.tmp'), eml('To: a@example.co.uk', 'Subject: Not yet', '', 'half', ''));
    await writeFile(path.join(dir, 'notes.txt'), 'not a mail');
    expect((await readOutbox(dir)).map((mail) => [path.basename(mail.file), mail.to, mail.subject, mail.text])).toEqual([
      ['a.eml', 'a@example.co.uk', 'First', 'one'],
      ['b.eml', 'b@example.co.uk', 'Second', 'two'],
    ]);
    expect(await readLatestMail(dir, 'c@example.co.uk')).toBeNull();
  });

  it('the latest mail to an address is the last by name, whatever the case of the address', async () => {
    const dir = newOutbox();
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, '1.eml'), eml('To: jane@example.co.uk', 'Subject: Older', '', 'a', ''));
    await writeFile(path.join(dir, '2.eml'), eml('To: Jane@Example.CO.UK', 'Subject: Newer', '', 'b', ''));
    await writeFile(path.join(dir, '3.eml'), eml('To: john@example.co.uk', 'Subject: Not hers', '', 'c', ''));
    expect((await readLatestMail(dir, 'JANE@example.co.uk'))?.subject).toBe('Newer');
  });

  it('keeps colons in header values, blank lines in the body, and finds each link up to a quote, bracket or space', async () => {
    const dir = newOutbox();
    await mkdir(dir, { recursive: true });
    await writeFile(
      path.join(dir, 'x.eml'),
      eml('From: Sparkle <no-reply@sparkle.test>', 'To: jane@example.co.uk', 'Subject: Re: your message: thanks', '', 'First paragraph.', '', 'Reset: https://a.test/r/1?x=2&y=3 <http://b.test/p>', '"https://c.test/q" done', ''),
    );
    const [mail] = await readOutbox(dir);
    expect(mail!.subject).toBe('Re: your message: thanks');
    expect(mail!.text).toBe('First paragraph.\r\n\r\nReset: https://a.test/r/1?x=2&y=3 <http://b.test/p>\r\n"https://c.test/q" done');
    expect(mail!.links).toEqual(['https://a.test/r/1?x=2&y=3', 'http://b.test/p', 'https://c.test/q']);
  });

  it('a mail without a To or Subject reads as empty ones; a mail with no links has none', async () => {
    const dir = newOutbox();
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'x.eml'), eml('From: someone', '', 'No links here', ''));
    expect(await readOutbox(dir)).toEqual([{ file: path.join(dir, 'x.eml'), to: '', subject: '', text: 'No links here', links: [], attachments: [] }]);
  });

  it('a multipart mail without a text part reads as empty text; parts without a file name are not attachments', async () => {
    const dir = newOutbox();
    await mkdir(dir, { recursive: true });
    await writeFile(
      path.join(dir, 'x.eml'),
      eml('To: jane@example.co.uk', 'Subject: =?utf-8?b?' + Buffer.from('Café').toString('base64') + '?=', 'Content-Type: multipart/mixed; boundary="B1"', '', '--B1',
        'Content-Type: text/html', '', '<p>only html</p>', '--B1', 'Content-Type: application/pdf', 'Content-Disposition: attachment; FILENAME="a.pdf"', '',
        Buffer.from('PDF body').toString('base64').slice(0, 4), `  ${Buffer.from('PDF body').toString('base64').slice(4)}`, '--B1--', ''),
    );
    const [mail] = await readOutbox(dir);
    expect(mail!.subject).toBe('Café');
    expect(mail!.text).toBe('');
    expect(mail!.links).toEqual([]);
    expect(mail!.attachments).toEqual([{ filename: 'a.pdf', contentType: 'application/pdf', content: 'PDF body' }]);
  });

  it('a subject that is only partly an encoded word is kept as it is', async () => {
    const dir = newOutbox();
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'a.eml'), eml('To: jane@example.co.uk', 'Subject: About =?UTF-8?B?QQ==?=', '', 'x', ''));
    await writeFile(path.join(dir, 'b.eml'), eml('To: jane@example.co.uk', 'Subject: =?UTF-8?B?QQ==?= codes', '', 'x', ''));
    expect((await readOutbox(dir)).map((mail) => mail.subject)).toEqual(['About =?UTF-8?B?QQ==?=', '=?UTF-8?B?QQ==?= codes']);
  });

  it('reads the files in name order whatever order they were written in', async () => {
    const dir = newOutbox();
    await mkdir(dir, { recursive: true });
    for (const name of ['c', 'a', 'e', 'b', 'd']) await writeFile(path.join(dir, `${name}.eml`), eml(`To: ${name}@example.co.uk`, `Subject: ${name}`, '', name, ''));
    expect((await readOutbox(dir)).map((mail) => mail.subject)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('keeps line breaks and blank lines inside a text part; reads an attachment\'s type however its header is spaced', async () => {
    const dir = newOutbox();
    await mkdir(dir, { recursive: true });
    const pdf = Buffer.from('PDF body, long enough to need more than one line of base64 in the file').toString('base64');
    await writeFile(
      path.join(dir, 'x.eml'),
      eml('To: jane@example.co.uk', 'Subject: Parts', 'Content-Type: multipart/mixed; boundary="B2"', '', '--B2',
        'Content-Type: text/plain; charset=utf-8', '', 'Line one', 'Line two', '', 'After a blank line', '--B2',
        'Content-Type:application/pdf  ', 'Content-Disposition: attachment; filename="a.pdf"', '', pdf.slice(0, 40), pdf.slice(40), '--B2',
        'Content-Disposition: attachment; filename="untyped.bin"', '', Buffer.from('raw').toString('base64'), '--B2--', ''),
    );
    const [mail] = await readOutbox(dir);
    expect(mail!.text).toBe('Line one\r\nLine two\r\n\r\nAfter a blank line');
    expect(mail!.attachments).toEqual([
      { filename: 'a.pdf', contentType: 'application/pdf', content: 'PDF body, long enough to need more than one line of base64 in the file' },
      { filename: 'untyped.bin', contentType: '', content: 'raw' },
    ]);
  });
});

describe('SMTP delivery (SMTP_URL)', () => {
  it('delivers the mail from MAIL_FROM to its recipient, with its subject, text and files', async () => {
    const before = smtp.received.length;
    await createSmtpMailer(smtp.url, FROM).send({
      to: 'jane@example.co.uk',
      subject: 'Booking confirmed',
      text: 'Your order #7',
      attachments: [{ filename: 'booking-7.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: 'BEGIN:VCALENDAR' }],
    });
    const [mail, ...others] = smtp.received.slice(before);
    expect(others).toEqual([]);
    expect(mail!.from).toContain('<no-reply@sparkle.test>');
    expect(mail!.to).toEqual(['jane@example.co.uk']);
    expect(mail!.data).toContain('Subject: Booking confirmed');
    expect(mail!.data).toContain('From: Sparkle Cleaning <no-reply@sparkle.test>');
    expect(mail!.data).toContain('Your order #7');
    expect(mail!.data).toContain('filename=booking-7.ics');
  });

  it('sends the mail\'s own Message-ID, so a receiver can drop a copy sent again', async () => {
    const before = smtp.received.length;
    const mailer = createSmtpMailer(smtp.url, FROM);
    const mail = { to: 'jane@example.co.uk', subject: 'Booking confirmed', text: 'Your order #8', messageId: '<9f1c@sparkle.test>' };
    await mailer.send(mail);
    await mailer.send(mail);
    expect(smtp.received.slice(before).map((received) => /\r\nMessage-ID: (\S+)\r\n/i.exec(received.data)?.[1])).toEqual(['<9f1c@sparkle.test>', '<9f1c@sparkle.test>']);
  });

  /** A server of the test's own and a mailer to it (SMTP_URL its URL plus `query`), both closed after `run`. */
  async function withOwnServer(query: string, run: (server: SmtpServer, mailer: Mailer) => Promise<void>): Promise<void> {
    const server = await startSmtpServer('accept');
    const mailer = createSmtpMailer(`${server.url}${query}`, FROM);
    try {
      await run(server, mailer);
    } finally {
      await mailer.close!();
      await server.close();
    }
  }
  const subjects = (server: SmtpServer) => server.received.map((mail) => /\r\nSubject: (.*)\r\n/.exec(mail.data)?.[1]);

  it('mails share one open connection (a pool), closed with the mailer', () =>
    withOwnServer('', async (server, mailer) => {
      for (const n of [1, 2, 3]) await mailer.send({ to: 'jane@example.co.uk', subject: `Booking ${n}`, text: `Your order #${n}` });
      expect(subjects(server)).toEqual(['Booking 1', 'Booking 2', 'Booking 3']);
      expect(server.connections).toBe(1);
      await mailer.close!();
      await eventually('the connection closed', async () => server.open, (open) => open === 0);
    }));

  it('a connection the server closed is not used again: the next mail opens a new one', () =>
    withOwnServer('', async (server, mailer) => {
      await mailer.send({ to: 'jane@example.co.uk', subject: 'Before', text: 'x' });
      server.drop();
      await eventually('the connection dropped', async () => server.open, (open) => open === 0);
      await mailer.send({ to: 'jane@example.co.uk', subject: 'After', text: 'y' });
      expect(subjects(server)).toEqual(['Before', 'After']);
      expect(server.connections).toBe(2);
    }));

  it('SMTP_URL with pool=false opens a connection for each mail', () =>
    withOwnServer('?pool=false', async (server, mailer) => {
      for (const n of [1, 2]) await mailer.send({ to: 'jane@example.co.uk', subject: `Alone ${n}`, text: 'x' });
      expect(subjects(server)).toEqual(['Alone 1', 'Alone 2']);
      expect(server.connections).toBe(2);
    }));

  it('a server that never greets fails the send (the queue retries it) instead of holding the worker', async () => {
    const silent = await startSmtpServer('silent');
    try {
      await expect(createSmtpMailer(silent.url, FROM).send({ to: 'jane@example.co.uk', subject: 'x', text: 'y' })).rejects.toThrow(/greeting/i);
      expect(silent.received).toEqual([]);
    } finally {
      await silent.close();
    }
  }, 20_000);

  it('a timeout written in SMTP_URL is kept', async () => {
    const silent = await startSmtpServer('silent');
    try {
      await expect(createSmtpMailer(`${silent.url}?greetingTimeout=200`, FROM).send({ to: 'jane@example.co.uk', subject: 'x', text: 'y' })).rejects.toThrow(/greeting/i);
    } finally {
      await silent.close();
    }
  }, 5_000);
});

describe('choosing the mailer', () => {
  it('with SMTP_URL mail goes to the SMTP server and nothing is written to the outbox', async () => {
    const dir = newOutbox();
    const before = smtp.received.length;
    await createMailer({ smtpUrl: smtp.url, mailFrom: FROM, outboxDir: dir }).send({ to: 'john@example.co.uk', subject: 'Via SMTP', text: 'hello' });
    expect(smtp.received.slice(before).map((mail) => mail.to)).toEqual([['john@example.co.uk']]);
    expect(await readOutbox(dir)).toEqual([]);
  });

  it('without SMTP_URL mail is written to OUTBOX_DIR from MAIL_FROM and logged', async () => {
    const dir = newOutbox();
    const before = smtp.received.length;
    const logged: string[] = [];
    await createMailer({ smtpUrl: null, mailFrom: 'Other <other@sparkle.test>', outboxDir: dir }, (line) => logged.push(line)).send({ to: 'john@example.co.uk', subject: 'Via outbox', text: 'hello' });
    await createMailer({ smtpUrl: '', mailFrom: FROM, outboxDir: dir }).send({ to: 'john@example.co.uk', subject: 'Unlogged', text: 'hello' });
    expect(smtp.received.length).toBe(before);
    expect((await readOutbox(dir)).map((mail) => mail.subject)).toEqual(['Via outbox', 'Unlogged']);
    expect((await raw(dir))[0]).toContain('From: Other <other@sparkle.test>\r\n');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^Mail to john@example.co.uk \("Via outbox"\) written to /);
  });
});
