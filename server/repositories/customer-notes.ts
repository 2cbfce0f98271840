import type { Selectable } from 'kysely';
import { kysely } from '../db/kysely';
import type { Database } from '../db/database';
import type { CustomerNotes } from '../db/schema';

const COLUMNS = ['id', 'body', 'author', 'created_at'] as const;

export type CustomerNoteRow = Pick<Selectable<CustomerNotes>, (typeof COLUMNS)[number]>;

/** Private staff notes about a customer; only the back office reads them. */
export function customerNotesRepository(db: Database) {
  const k = kysely(db);
  return {
    forCustomer(userId: number): Promise<CustomerNoteRow[]> {
      return k.selectFrom('customer_notes').select(COLUMNS).where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
    },

    add(note: { userId: number; body: string; authorId: number; author: string; at: Date }): Promise<CustomerNoteRow> {
      return k
        .insertInto('customer_notes')
        .values({ user_id: note.userId, body: note.body, author_id: note.authorId, author: note.author, created_at: note.at })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
    },
  };
}
