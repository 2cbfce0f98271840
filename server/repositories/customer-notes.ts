import type { Database } from '../db/database';

export interface CustomerNoteRow {
  id: number;
  body: string;
  author: string;
  created_at: Date;
}

/** Private staff notes about a customer; only the back office reads them. */
export function customerNotesRepository(db: Database) {
  return {
    forCustomer(userId: number): Promise<CustomerNoteRow[]> {
      return db.query<CustomerNoteRow>(
        'SELECT id, body, author, created_at FROM customer_notes WHERE user_id = $1 ORDER BY created_at, id',
        [userId],
      );
    },

    async add(note: { userId: number; body: string; authorId: number; author: string; at: Date }): Promise<CustomerNoteRow> {
      const [row] = await db.query<CustomerNoteRow>(
        `INSERT INTO customer_notes (user_id, body, author_id, author, created_at) VALUES ($1, $2, $3, $4, $5)
         RETURNING id, body, author, created_at`,
        [note.userId, note.body, note.authorId, note.author, note.at],
      );
      return row!;
    },
  };
}
