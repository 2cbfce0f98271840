import type { AuthUser } from '../../../server/app-context';
import { ledgerRepository } from '../../../server/repositories/ledger';
import type { LedgerLine } from '../../../domain/money/ledger';
import type { Database } from '../../../server/db/database';
import { checkoutOrder, type CheckoutDeps } from '../../../server/services/checkout';
import type { Mail } from '../../../server/queue/mail';
import { createOrder } from '../../../server/services/orders';
import { createQuote } from '../../../server/services/quotes';
import { createTestPaymentProvider } from '../../../server/services/test-payment-provider';
import { orderRepository, type OrderItemRow, type OrderRow } from '../../../server/repositories/orders';

export const PAYMENT_SECRET = 'services-booking-secret';

/**
 * Bookings made the customers' way (createOrder, then checkoutOrder) on a test file's database, with
 * the mails the services write to the outbox kept in `mails`.
 */
export function bookings(db: () => Database, defaultNow?: Date) {
  const mails: Mail[] = [];
  const deps = (now: Date = defaultNow ?? new Date()): CheckoutDeps => ({
    db: db(),
    payments: createTestPaymentProvider({ db: db(), secret: PAYMENT_SECRET, now: () => now }),
    outbox: { add: async (_tx, mail) => void mails.push(mail), site: { publicUrl: 'http://localhost:3000', vatNumber: 'GB 123 4567 89' } },
    now,
  });
  /**
   * A checked-out booking of `items` at `date` `time` (UK), made at `now`; answers the order id.
   * With a `frequency`, the checkout starts a series (its price quoted first, as the page does).
   */
  async function book(
    customer: AuthUser,
    service: number,
    items: Array<{ id: number; quantity: number }>,
    when: { date: string; time: string; now: Date; payment?: 'cash' | 'card'; frequency?: 'weekly' | 'fortnightly' | 'monthly' },
  ) {
    const quote = when.frequency ? (await createQuote(db(), { service, items, frequency: when.frequency }, when.now)).id : undefined;
    const order = await createOrder(db(), customer, { service, items, ...(quote ? { quote } : {}) }, when.now);
    await checkoutOrder(deps(when.now), customer, {
      order: order.id, due_date: when.date, due_time: when.time, address: '1 Test Street', phone: '020 7946 0000', city: 'London',
      code_postal: 'se22 8ab', client_note: '', payment: when.payment ?? 'cash',
    }, undefined);
    return order.id;
  }
  return { mails, deps, book };
}

/** The history rows (actor, from, to) an order's `action` wrote, oldest first. */
export async function orderHistory(db: Database, id: number, action: string) {
  const rows = await db.query<{ actor: string; from_value: string | null; to_value: string | null }>(
    'SELECT actor, from_value, to_value FROM audit_log WHERE order_id = $1 AND action = $2 ORDER BY id', [id, action],
  );
  return rows.map((row) => [row.actor, row.from_value, row.to_value]);
}

/** A placed order as the services read it (the row every mail and view is made from) and its items. */
export async function placedOrder(db: Database, id: number): Promise<{ order: OrderRow; items: OrderItemRow[]; ledger: LedgerLine[] }> {
  const repository = orderRepository(db);
  const order = await repository.find(id);
  if (!order) throw new Error(`No order ${id}`);
  return { order, items: await repository.items(id), ledger: await ledgerRepository(db).forOrder(id) };
}
