import type { ContactMessage } from '../../openapi/schema';
import type { AuthUser } from '../app-context';
import type { Database } from '../db/database';
import type { MailOutbox } from '../queue';
import { badRequest, notFound } from '../lib/http-error';
import { createContactRepository } from '../repositories/contact-repository';
import { contactMessagesRepository, type ContactMessageRow, type ContactReplyRow } from '../repositories/contact-messages';
import type { Page, PageRequest } from '../repositories/paging';
import { iso } from './orders-views';
import { contactReplyMail } from '../mails/contact-mails';


/** A visitor's message to the company (POST /contact, R-SITE-7), kept for the team to answer on /messages. */
export async function sendContactMessage(db: Database, message: { name: string; email: string; message: string }, now: Date): Promise<void> {
  await createContactRepository(db).create({ name: message.name.trim(), email: message.email.trim(), message: message.message }, now);
}

export const MESSAGE_NOT_FOUND = 'Message not found';
export const EMPTY_REPLY = 'Write a reply first';

function messageView(row: ContactMessageRow, replies: ContactReplyRow[]): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    created: iso(row.created_at),
    read: row.read_at !== null,
    replies: replies
      .filter((reply) => reply.message_id === row.id)
      .map((reply) => ({ body: reply.body, author: reply.author, sent: iso(reply.sent_at) })),
  };
}

async function withReplies(db: Database, rows: ContactMessageRow[]): Promise<ContactMessage[]> {
  const replies = await contactMessagesRepository(db).replies(rows.map((row) => row.id));
  return rows.map((row) => messageView(row, replies));
}

/** The contact form's messages, newest first, each with the replies it got. */
export async function listMessages(db: Database, query: { status?: 'unread' | 'read' }, page: PageRequest): Promise<Page<ContactMessage>> {
  const found = await contactMessagesRepository(db).page(query, page);
  return { total: found.total, rows: await withReplies(db, found.rows) };
}

async function readBack(db: Database, id: number): Promise<ContactMessage> {
  const row = await contactMessagesRepository(db).find(id);
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  const [message] = await withReplies(db, [row]);
  return message!;
}

export async function markMessageRead(db: Database, id: number, now: Date): Promise<ContactMessage> {
  const messages = contactMessagesRepository(db);
  if (!(await messages.find(id))) throw notFound(MESSAGE_NOT_FOUND);
  await messages.markRead(id, now);
  return readBack(db, id);
}

/**
 * Answers a message by email: the reply is stored and its mail queued in one transaction (the mail
 * exists exactly when the reply does, and is sent after the commit, retried while the mail server
 * is down); the message counts as read.
 */
export async function replyToMessage(
  deps: { db: Database; outbox: MailOutbox },
  author: AuthUser,
  id: number,
  body: string,
  now: Date,
): Promise<ContactMessage> {
  const text = body.trim();
  if (!text) throw badRequest(EMPTY_REPLY);
  await deps.db.transaction(async (tx) => {
    const messages = contactMessagesRepository(tx);
    const message = await messages.find(id);
    if (!message) throw notFound(MESSAGE_NOT_FOUND);
    await messages.addReply({ messageId: id, body: text, authorId: author.id, author: author.name, at: now });
    await messages.markRead(id, now);
    await deps.outbox.add(tx, {
      to: message.email,
      ...contactReplyMail(message.name, text, message.message),
    });
  });
  return readBack(deps.db, id);
}
