import type { Database } from '../db/database';

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
}

export function createContactRepository(db: Database) {
  return {
    async create(contact: ContactMessage, at: Date): Promise<number> {
      const [row] = await db.query<{ id: number }>(
        'INSERT INTO contact_messages (name, email, message, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
        [contact.name, contact.email, contact.message, at],
      );
      return row!.id;
    },
  };
}
