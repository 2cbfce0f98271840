import type { Selectable } from 'kysely';
import { kysely } from '../db/kysely';
import type { Database } from '../db/database';
import type { ContactMessages, ContactReplies } from '../db/schema';
import { countAll, selectTypedPage } from './typed-paging';
import type { Page, PageRequest } from './paging';

const COLUMNS = ['id', 'name', 'email', 'message', 'created_at', 'read_at'] as const;
const REPLY_COLUMNS = ['message_id', 'body', 'author', 'sent_at'] as const;

export type ContactMessageRow = Pick<Selectable<ContactMessages>, (typeof COLUMNS)[number]>;
export type ContactReplyRow = Pick<Selectable<ContactReplies>, (typeof REPLY_COLUMNS)[number]>;

/** The contact form's messages as the back office reads and answers them (011_customers_and_messages.sql). */
export function contactMessagesRepository(db: Database) {
  const k = kysely(db);
  return {
    /** Newest first (contact_messages_created_idx; the unread ones through their partial index). */
    async page(query: { status?: 'unread' | 'read' }, page: PageRequest): Promise<Page<ContactMessageRow>> {
      let messages = k.selectFrom('contact_messages');
      if (query.status) messages = messages.where('read_at', query.status === 'unread' ? 'is' : 'is not', null);
      const counted = await messages.select(countAll.as('count')).executeTakeFirst();
      const total = counted?.count ?? 0;
      const keys = [{ by: 'created_at', desc: true }, { by: 'id', desc: true }] as const;
      return selectTypedPage(messages.select(COLUMNS), { keys: [...keys], total, page });
    },

    async find(id: number): Promise<ContactMessageRow | null> {
      return (await k.selectFrom('contact_messages').select(COLUMNS).where('id', '=', id).executeTakeFirst()) ?? null;
    },

    /** Those sent from an address (any case), newest first: a customer's own. */
    fromEmail(email: string): Promise<ContactMessageRow[]> {
      return k
        .selectFrom('contact_messages')
        .select(COLUMNS)
        .where((eb) => eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(email)])))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** The first reading counts; reading again changes nothing. */
    async markRead(id: number, at: Date): Promise<void> {
      await k
        .updateTable('contact_messages')
        .set((eb) => ({ read_at: eb.fn.coalesce('read_at', eb.val(at)) }))
        .where('id', '=', id)
        .execute();
    },

    replies(messageIds: number[]): Promise<ContactReplyRow[]> {
      return k
        .selectFrom('contact_replies')
        .select(REPLY_COLUMNS)
        .where((eb) => eb('message_id', '=', eb.fn.any(eb.val(messageIds))))
        .orderBy('sent_at')
        .orderBy('id')
        .execute();
    },

    async addReply(reply: { messageId: number; body: string; authorId: number; author: string; at: Date }): Promise<void> {
      await k
        .insertInto('contact_replies')
        .values({ message_id: reply.messageId, body: reply.body, author_id: reply.authorId, author: reply.author, sent_at: reply.at })
        .execute();
    },
  };
}
