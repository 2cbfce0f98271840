import { kysely } from '../db/kysely';
import type { Database } from '../db/database';

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
}

export function createContactRepository(db: Database) {
  return {
    async create(contact: ContactMessage, at: Date): Promise<number> {
      const row = await kysely(db)
        .insertInto('contact_messages')
        .values({ name: contact.name, email: contact.email, message: contact.message, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}
