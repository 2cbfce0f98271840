import type { Database } from '../db/database';
import { Conditions, countRows, selectPage, type Page, type PageRequest } from './paging';

export interface ContactMessageRow {
  id: number;
  name: string;
  email: string;
  message: string;
  created_at: Date;
  read_at: Date | null;
}

export interface ContactReplyRow {
  message_id: number;
  body: string;
  author: string;
  sent_at: Date;
}

const COLUMNS = 'id, name, email, message, created_at, read_at';

/** The contact form's messages as the back office reads and answers them (011_customers_and_messages.sql). */
export function contactMessagesRepository(db: Database) {
  return {
    /** Newest first (contact_messages_created_idx; the unread ones through their partial index). */
    async page(query: { status?: 'unread' | 'read' }, page: PageRequest): Promise<Page<ContactMessageRow>> {
      const conditions = new Conditions();
      if (query.status) conditions.add(query.status === 'unread' ? 'read_at IS NULL' : 'read_at IS NOT NULL');
      const total = await countRows(db, 'FROM contact_messages', conditions);
      const keys = [{ sql: 'created_at', desc: true }, { sql: 'id', desc: true }];
      return selectPage<ContactMessageRow>(db, { select: `SELECT ${COLUMNS} FROM contact_messages`, conditions, keys, total, page });
    },

    async find(id: number): Promise<ContactMessageRow | null> {
      const [row] = await db.query<ContactMessageRow>(`SELECT ${COLUMNS} FROM contact_messages WHERE id = $1`, [id]);
      return row ?? null;
    },

    /** Those sent from an address (any case), newest first: a customer's own. */
    fromEmail(email: string): Promise<ContactMessageRow[]> {
      return db.query<ContactMessageRow>(
        `SELECT ${COLUMNS} FROM contact_messages WHERE lower(email) = lower($1) ORDER BY created_at DESC, id DESC`,
        [email],
      );
    },

    /** The first reading counts; reading again changes nothing. */
    async markRead(id: number, at: Date): Promise<void> {
      await db.query('UPDATE contact_messages SET read_at = COALESCE(read_at, $2) WHERE id = $1', [id, at]);
    },

    replies(messageIds: number[]): Promise<ContactReplyRow[]> {
      return db.query<ContactReplyRow>(
        `SELECT message_id, body, author, sent_at FROM contact_replies WHERE message_id = ANY($1::integer[])
          ORDER BY sent_at, id`,
        [messageIds],
      );
    },

    async addReply(reply: { messageId: number; body: string; authorId: number; author: string; at: Date }): Promise<void> {
      await db.query(
        'INSERT INTO contact_replies (message_id, body, author_id, author, sent_at) VALUES ($1, $2, $3, $4, $5)',
        [reply.messageId, reply.body, reply.authorId, reply.author, reply.at],
      );
    },
  };
}
