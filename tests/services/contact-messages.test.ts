import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import type { MailOutbox } from '../../server/queue';
import { EMPTY_REPLY, listMessages, markMessageRead, MESSAGE_NOT_FOUND, replyToMessage, sendContactMessage } from '../../server/services/contact-messages';
import type { Mail } from '../../server/queue/mail';
import type { TestDatabase } from '../api/support/test-database';
import { ownDatabase, seededUser } from './support/own-database';
import { refused } from './support/refused';

/**
 * The contact form's messages in the back office (issue 15, decision 016): listed newest first,
 * read or unread, answered by mail; the reply and its mail are written in one transaction.
 */
const NOW = new Date('2030-01-07T12:00:00.000Z');
const PAGE = { limit: 20, page: 1 };

let testDb: TestDatabase;
let db: Database;
let admin: AuthUser;
const mails: Mail[] = [];
const outbox: MailOutbox = { add: async (_tx, mail) => void mails.push(mail), site: { publicUrl: 'http://localhost:3000', vatNumber: 'GB 123 4567 89' } };

beforeAll(async () => {
  testDb = await ownDatabase();
  db = testDb.db;
  admin = await seededUser(db, 'admin@sparkle.test');
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

/** Only this test's messages: the list counts every message in the database. */
async function only(...messages: Array<{ name: string; email: string; message: string; at: string }>): Promise<number[]> {
  await db.query('DELETE FROM contact_messages');
  const ids: number[] = [];
  for (const m of messages) {
    const [row] = await db.query<{ id: number }>('INSERT INTO contact_messages (name, email, message, created_at) VALUES ($1, $2, $3, $4) RETURNING id', [m.name, m.email, m.message, new Date(m.at)]);
    ids.push(row!.id);
  }
  return ids;
}

const readAt = async (id: number) => (await db.query<{ read_at: Date | null }>('SELECT read_at FROM contact_messages WHERE id = $1', [id]))[0]?.read_at;
const replies = (id: number) => db.query('SELECT body, author, author_id, sent_at FROM contact_replies WHERE message_id = $1 ORDER BY id', [id]);

describe("the contact form's message", () => {
  it('is kept with its name and address trimmed, the message as written, and its time, unread', async () => {
    await only();
    const message = '  Do you clean ovens?\n\nThanks  ';
    await sendContactMessage(db, { name: '  Hal Form ', email: ' hal@example.co.uk  ', message }, NOW);
    await sendContactMessage(db, { name: 'Ivy Form', email: 'ivy@example.co.uk', message: 'Second' }, new Date('2030-01-07T12:05:00.000Z'));
    expect(await db.query('SELECT name, email, message, created_at, read_at FROM contact_messages ORDER BY id')).toEqual([
      { name: 'Hal Form', email: 'hal@example.co.uk', message, created_at: NOW, read_at: null },
      { name: 'Ivy Form', email: 'ivy@example.co.uk', message: 'Second', created_at: new Date('2030-01-07T12:05:00.000Z'), read_at: null },
    ]);
    expect((await listMessages(db, { status: 'unread' }, PAGE)).rows.map((row) => [row.name, row.created])).toEqual([
      ['Ivy Form', '2030-01-07T12:05:00.000Z'], ['Hal Form', NOW.toISOString()],
    ]);
  });
});

describe('the messages list', () => {
  it('lists newest first, each with its own replies, and filters read and unread', async () => {
    const [old, mid, latest] = await only(
      { name: 'Ann', email: 'ann@example.co.uk', message: 'Old question', at: '2030-01-01T09:00:00.000Z' },
      { name: 'Ben', email: 'ben@example.co.uk', message: 'Middle question', at: '2030-01-02T09:00:00.000Z' },
      { name: 'Cat', email: 'cat@example.co.uk', message: 'Latest question', at: '2030-01-03T09:00:00.000Z' },
    );
    await replyToMessage({ db, outbox }, admin, mid!, 'First answer', new Date('2030-01-04T10:00:00.000Z'));
    await replyToMessage({ db, outbox }, { ...admin, name: 'Ann Other' }, mid!, 'Second answer', new Date('2030-01-04T11:00:00.000Z'));
    await markMessageRead(db, old!, new Date('2030-01-05T10:00:00.000Z'));

    const all = await listMessages(db, {}, PAGE);
    expect(all).toEqual({
      total: 3,
      rows: [
        { id: latest, name: 'Cat', email: 'cat@example.co.uk', message: 'Latest question', created: '2030-01-03T09:00:00.000Z', read: false, replies: [] },
        {
          id: mid, name: 'Ben', email: 'ben@example.co.uk', message: 'Middle question', created: '2030-01-02T09:00:00.000Z', read: true,
          replies: [
            { body: 'First answer', author: 'Sam Admin', sent: '2030-01-04T10:00:00.000Z' },
            { body: 'Second answer', author: 'Ann Other', sent: '2030-01-04T11:00:00.000Z' },
          ],
        },
        { id: old, name: 'Ann', email: 'ann@example.co.uk', message: 'Old question', created: '2030-01-01T09:00:00.000Z', read: true, replies: [] },
      ],
    });
    expect(await listMessages(db, { status: 'unread' }, PAGE)).toEqual({ total: 1, rows: [all.rows[0]] });
    expect(await listMessages(db, { status: 'read' }, PAGE)).toEqual({ total: 2, rows: [all.rows[1], all.rows[2]] });
    expect(await listMessages(db, {}, { limit: 1, page: 2 })).toEqual({ total: 3, rows: [all.rows[1]] });
  });

  it('an empty list is a total of 0', async () => {
    await only();
    expect(await listMessages(db, {}, PAGE)).toEqual({ total: 0, rows: [] });
  });
});

describe('reading and answering a message', () => {
  it('marks a message read at its first reading; reading again keeps that time', async () => {
    const [id] = await only({ name: 'Dan', email: 'dan@example.co.uk', message: 'Hello', at: '2030-01-01T09:00:00.000Z' });
    expect(await readAt(id!)).toBeNull();
    const read = await markMessageRead(db, id!, NOW);
    expect(read).toEqual({ id, name: 'Dan', email: 'dan@example.co.uk', message: 'Hello', created: '2030-01-01T09:00:00.000Z', read: true, replies: [] });
    await markMessageRead(db, id!, new Date('2030-01-09T09:00:00.000Z'));
    expect(await readAt(id!)).toEqual(NOW);
    await refused(markMessageRead(db, 999_999, NOW), 404, MESSAGE_NOT_FOUND);
    expect(MESSAGE_NOT_FOUND).toBe('Message not found');
  });

  it('a reply is stored trimmed with its author and time, mailed to the sender quoting their message, and the message counts as read', async () => {
    const [id] = await only({ name: 'Eve', email: 'eve@example.co.uk', message: 'Do you clean ovens?\nAnd fridges?', at: '2030-01-01T09:00:00.000Z' });
    mails.length = 0;
    const answered = await replyToMessage({ db, outbox }, admin, id!, '  Yes, both: from £40.\n\nBook online.  \n', NOW);
    expect(answered).toEqual({
      id, name: 'Eve', email: 'eve@example.co.uk', message: 'Do you clean ovens?\nAnd fridges?', created: '2030-01-01T09:00:00.000Z', read: true,
      replies: [{ body: 'Yes, both: from £40.\n\nBook online.', author: 'Sam Admin', sent: NOW.toISOString() }],
    });
    expect(await replies(id!)).toEqual([{ body: 'Yes, both: from £40.\n\nBook online.', author: 'Sam Admin', author_id: admin.id, sent_at: NOW }]);
    expect(await readAt(id!)).toEqual(NOW);
    expect(mails).toEqual([{
      to: 'eve@example.co.uk',
      subject: 'Re: your message to Sparkle Cleaning',
      text: ['Hello Eve,', '', 'Yes, both: from £40.', '', 'Book online.', '', '— Sparkle Cleaning', '', '> Do you clean ovens?', '> And fridges?'].join('\n'),
    }]);
  });

  it('refuses an empty reply and a reply to no message, storing and mailing nothing', async () => {
    const [id] = await only({ name: 'Fay', email: 'fay@example.co.uk', message: 'Hi', at: '2030-01-01T09:00:00.000Z' });
    mails.length = 0;
    await refused(replyToMessage({ db, outbox }, admin, id!, ' \n ', NOW), 400, EMPTY_REPLY);
    expect(EMPTY_REPLY).toBe('Write a reply first');
    await refused(replyToMessage({ db, outbox }, admin, 999_999, 'Hello', NOW), 404, MESSAGE_NOT_FOUND);
    expect(mails).toEqual([]);
    expect(await replies(id!)).toEqual([]);
    expect(await readAt(id!)).toBeNull();
  });

  it('a reply whose mail cannot be queued is not stored either (one transaction)', async () => {
    const [id] = await only({ name: 'Gus', email: 'gus@example.co.uk', message: 'Hi', at: '2030-01-01T09:00:00.000Z' });
    const broken: MailOutbox = { add: async () => { throw new Error('queue unavailable'); }, site: outbox.site };
    await expect(replyToMessage({ db, outbox: broken }, admin, id!, 'Hello', NOW)).rejects.toThrow('queue unavailable');
    expect(await replies(id!)).toEqual([]);
    expect(await readAt(id!)).toBeNull();
  });
});
