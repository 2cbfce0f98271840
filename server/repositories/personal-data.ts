import { kysely } from '../db/kysely';
import type { Database } from '../db/database';

/**
 * The statements of an account's erasure (services/personal-data.ts, decision 028), in the order the
 * service runs them inside its transaction.
 */
export function personalDataRepository(tx: Database) {
  const k = kysely(tx);
  return {
    /** Locks the account FOR UPDATE: its address, and whether it was erased already; null when there is none. */
    async lockAccount(userId: number) {
      const user = await k.selectFrom('users').select(['email', 'anonymised_at']).where('id', '=', userId).forUpdate().executeTakeFirst();
      return user ?? null;
    },

    /** The account and its orders lose what names a person; its history keeps `name` for them. */
    async eraseAccountAndOrders(userId: number, name: string, now: Date): Promise<void> {
      // A password hash no password matches (verifyPassword refuses anything but scrypt$…).
      await k
        .updateTable('users')
        .set((eb) => ({ name, email: null, password_hash: '!', token_version: eb('token_version', '+', 1), anonymised_at: now }))
        .where('id', '=', userId)
        .execute();
      await k
        .updateTable('orders')
        .set({ phone: null, address: null, city: null, code_postal: null, priced_postcode: null, client_note: null, access_notes: null })
        .where('user_id', '=', userId)
        .execute();
      await k
        .updateTable('payment_sessions')
        .set({ email: '' })
        .where('order_id', 'in', (eb) => eb.selectFrom('orders').select('orders.id').where('orders.user_id', '=', userId))
        .execute();
      // The orders' history keeps what was done, no longer by whom by name.
      await k.updateTable('audit_log').set({ actor: name }).where('actor_id', '=', userId).execute();
      await k.deleteFrom('customer_notes').where('user_id', '=', userId).execute();
    },

    /** The account's links, and what was left under its address (contact messages, a district's waiting list: decision 041). */
    async eraseLinksAndMessages(userId: number, email: string | null): Promise<void> {
      await k.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
      await k.deleteFrom('email_confirmations').where('user_id', '=', userId).execute();
      if (email) await k.deleteFrom('contact_messages').where((eb) => eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(email)]))).execute();
      if (email) await k.deleteFrom('service_area_waitlist').where((eb) => eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(email)]))).execute();
    },
  };
}
