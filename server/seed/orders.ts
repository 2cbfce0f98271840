import { randomBytes } from 'node:crypto';
import { ledgerRepository } from '../repositories/ledger';
import type { Database } from '../db/database';
import { auditRepository } from '../repositories/audit';
import { orderRepository } from '../repositories/orders';
import { createOrder } from '../services/orders';
import { invoiceIfPaid } from '../services/receipts';
import { documentLaterCharges } from '../services/later-documents';
import type { MailOutbox } from '../queue';
import { percentOf, toPence } from '../../domain/money/money';
import { DEMO_CUSTOMER_EMAIL } from './demo-accounts';

/**
 * Demo orders so the dashboard, tables and My orders look alive on a new site: about 12 orders of
 * the demo customer and a few of four extra customers, spread over the last 10 weeks, with mixed
 * statuses and two refund requests (one pending, one accepted). Runs only on an empty orders table.
 * Deterministic (a fixed pseudo-random sequence), so every new site shows the same picture.
 */
const EXTRA_CUSTOMERS = [
  ['Oliver Bennett', 'oliver.bennett@example.co.uk'],
  ['Priya Sharma', 'priya.sharma@example.co.uk'],
  ['George Williams', 'george.williams@example.co.uk'],
  ['Amelia Hart', 'amelia.hart@example.co.uk'],
] as const;

const DAY = 86_400_000;
type Outcome = 'completed' | 'cancelled' | 'paid' | 'awaiting' | 'refund-accepted' | 'refund-pending';

interface Plan { customer: number; daysAgo: number; dueInDays: number; card: boolean; outcome: Outcome }

// customer 0 is the demo customer; the demo customer's newest orders are still to come.
const PLANS: Plan[] = [
  { customer: 0, daysAgo: 68, dueInDays: 3, card: true, outcome: 'completed' },
  { customer: 1, daysAgo: 64, dueInDays: 4, card: false, outcome: 'completed' },
  { customer: 0, daysAgo: 57, dueInDays: 2, card: false, outcome: 'completed' },
  { customer: 2, daysAgo: 52, dueInDays: 5, card: true, outcome: 'refund-accepted' },
  { customer: 0, daysAgo: 47, dueInDays: 3, card: true, outcome: 'completed' },
  { customer: 3, daysAgo: 43, dueInDays: 2, card: false, outcome: 'completed' },
  { customer: 0, daysAgo: 38, dueInDays: 4, card: false, outcome: 'cancelled' },
  { customer: 4, daysAgo: 34, dueInDays: 3, card: true, outcome: 'completed' },
  { customer: 0, daysAgo: 29, dueInDays: 2, card: true, outcome: 'completed' },
  { customer: 1, daysAgo: 24, dueInDays: 6, card: true, outcome: 'completed' },
  { customer: 0, daysAgo: 20, dueInDays: 3, card: false, outcome: 'completed' },
  { customer: 2, daysAgo: 15, dueInDays: 4, card: false, outcome: 'completed' },
  { customer: 0, daysAgo: 12, dueInDays: 2, card: true, outcome: 'completed' },
  { customer: 3, daysAgo: 9, dueInDays: 14, card: true, outcome: 'paid' },
  { customer: 0, daysAgo: 7, dueInDays: 9, card: false, outcome: 'awaiting' },
  { customer: 4, daysAgo: 5, dueInDays: 8, card: false, outcome: 'awaiting' },
  { customer: 0, daysAgo: 4, dueInDays: 10, card: true, outcome: 'paid' },
  { customer: 0, daysAgo: 3, dueInDays: 12, card: true, outcome: 'refund-pending' },
  { customer: 1, daysAgo: 2, dueInDays: 6, card: true, outcome: 'paid' },
  { customer: 0, daysAgo: 1, dueInDays: 7, card: false, outcome: 'awaiting' },
];

const ADDRESSES = [
  ['14 Elm Grove', 'London', 'SW19 4HE', '020 7946 0101'],
  ['3 Regent Terrace', 'Brighton', 'BN2 1JA', '01273 960 222'],
  ['27 Canal Street', 'Manchester', 'M1 3HE', '0161 496 0333'],
  ['8 Park Row', 'Leeds', 'LS1 5HD', '0113 496 0444'],
  ['51 Queen Street', 'Oxford', 'OX1 1EN', '01865 960 555'],
] as const;

/**
 * The demo's documents are issued as the services issue them (decision 072: revenue is the VAT
 * invoices less the credit notes), but nobody is mailed: the demo customers are not real.
 */
const NO_MAILS: MailOutbox = { add: async () => {}, site: { publicUrl: '', vatNumber: '' } };

/** A small fixed pseudo-random sequence (LCG): the same demo data on every new site. */
function sequence(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

export async function seedOrders(db: Database, now: Date): Promise<void> {
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>('SELECT count(*)::integer AS count FROM orders');
  if (count > 0) return;
  await db.transaction(async (tx) => {
    const customers = await demoCustomers(tx, now);
    const [admin] = await tx.query<{ id: number; name: string }>(
      `SELECT id, name FROM users WHERE 'ROLE_ADMIN' = ANY(roles) ORDER BY id LIMIT 1`,
    );
    const services = await tx.query<{ id: number; name: string }>('SELECT id, name FROM services ORDER BY sort, id');
    const items = await tx.query<{ id: number; service_id: number; name: string; price: number }>(
      'SELECT id, service_id, name, price FROM service_items ORDER BY sort, id',
    );
    const next = sequence(20_261_122);
    for (const plan of PLANS) {
      const customer = customers[plan.customer];
      const service = services[next(services.length)];
      const choices = items.filter((item) => item.service_id === service?.id);
      if (!customer || !service || choices.length === 0) continue;
      await seedOrder(tx, { plan, customer, admin: admin ?? null, serviceId: service.id, choices, next, now });
    }
  });
}

/** The demo customer (when seeded) and the extra customers, who cannot sign in (unusable hash). */
async function demoCustomers(db: Database, now: Date): Promise<Array<{ id: number; name: string }>> {
  const [demo] = await db.query<{ id: number; name: string }>('SELECT id, name FROM users WHERE lower(email) = $1', [DEMO_CUSTOMER_EMAIL]);
  const extras = [];
  for (const [index, [name, email]] of EXTRA_CUSTOMERS.entries()) {
    const [row] = await db.query<{ id: number; name: string }>(
      `INSERT INTO users (name, email, password_hash, roles, created_at) VALUES ($1, $2, $3, ARRAY['ROLE_USER'], $4)
       ON CONFLICT (lower(email)) DO UPDATE SET name = users.name RETURNING id, name`,
      [name, email, `!unusable$${randomBytes(16).toString('base64url')}`, new Date(now.getTime() - (80 - index * 9) * DAY)],
    );
    extras.push(row!);
  }
  // The demo customer's account predates its first demo order.
  if (demo) await db.query('UPDATE users SET created_at = LEAST(created_at, $2) WHERE id = $1', [demo.id, new Date(now.getTime() - 90 * DAY)]);
  // Without the demo customer, its orders go to the first extra customer.
  return [demo ?? extras[0]!, ...extras];
}

interface SeedOrderInput {
  plan: Plan;
  customer: { id: number; name: string };
  admin: { id: number; name: string } | null;
  serviceId: number;
  choices: Array<{ id: number; name: string; price: number }>;
  next: (below: number) => number;
  now: Date;
}

async function seedOrder(db: Database, input: SeedOrderInput): Promise<void> {
  const { plan, customer, next, now } = input;
  const items = input.choices
    .filter((_, index) => index === 0 || next(3) === 0)
    .slice(0, 4)
    .map((item) => ({ id: item.id, quantity: 1 + next(3) }));
  const createdAt = new Date(now.getTime() - plan.daysAgo * DAY - next(8) * 3_600_000);
  // The API's one creation path: priced by the pricing module (One-off, VAT included), as a customer's would be.
  const created = await createOrder(db, { id: customer.id, name: customer.name, email: '', roles: ['ROLE_USER'] }, { service: input.serviceId, items }, createdAt);
  const { id } = created;
  // The API answers pounds; the database and the ledger keep pence (decision 102).
  const total = toPence(created.total);
  const orders = orderRepository(db);

  const [address, city, postcode, phone] = ADDRESSES[plan.customer % ADDRESSES.length]!;
  const dueAt = new Date(Date.UTC(createdAt.getUTCFullYear(), createdAt.getUTCMonth(), createdAt.getUTCDate() + plan.dueInDays, 9 + next(6)));
  const checkedOutAt = new Date(createdAt.getTime() + 10 * 60_000);
  const payment = plan.card ? 'card' : 'cash';
  await orders.checkout(id, {
    dueAt, address, phone, city, codePostal: postcode, clientNote: next(3) === 0 ? 'Please use the side door.' : '',
    paymentMethod: payment, paymentRef: plan.card ? `demo-${id}` : null, checkedOutAt,
  });
  const audit = auditRepository(db);
  const byCustomer = { orderId: id, actorId: customer.id, actor: customer.name };
  const byAdmin = { orderId: id, actorId: input.admin?.id ?? null, actor: input.admin?.name ?? 'Administrator' };
  await audit.record({ ...byCustomer, action: 'order.checkout', from: null, to: payment, at: checkedOutAt });

  let status = 'awaiting_validation';
  const setStatus = async (to: 'payment_validated' | 'completed' | 'cancelled', at: Date, paid = false) => {
    await orders.setStatus(id, to, at);
    if (paid) {
      await db.query('UPDATE orders SET paid_amount = total, paid_at = $2 WHERE id = $1', [id, at]);
      // Its ledger's payment line (decision 036), as confirmPayment writes it.
      await ledgerRepository(db).add({
        orderId: id, kind: 'payment', name: 'Card payment', amount: total, vatPercent: null,
        reference: `demo-${id}`, actorId: null, actor: 'Test payment provider', at,
      });
      // The payment the test provider took: accepting a refund of this order refunds through it
      // (without it, an administrator accepting a demo order's refund met 502 "not refunded yet").
      await db.query(
        `INSERT INTO payment_sessions (id, order_id, amount, description, email, status, created_at, paid_at)
         SELECT o.payment_ref, o.id, o.total, $2 || o.reference, COALESCE((SELECT u.email FROM users u WHERE u.id = o.user_id), ''), 'paid', o.checked_out_at, $3
           FROM orders o WHERE o.id = $1 AND o.payment_ref IS NOT NULL
         ON CONFLICT (id) DO NOTHING`,
        // The number people read (decision 073), never the id.
        [id, 'Order #', at],
      );
    }
    await audit.record(paid
      ? { orderId: id, actorId: null, actor: 'Test payment provider', action: 'order.paid', from: status, to, at }
      : { ...byAdmin, action: 'order.status', from: status, to, at });
    status = to;
    // Paid by card, or a cash job completed: its VAT invoice, as confirmPayment and the status change issue it.
    await invoiceIfPaid(db, (await orders.find(id))!, NO_MAILS, at);
  };
  const paidAt = new Date(checkedOutAt.getTime() + 5 * 60_000);
  if (plan.card && plan.outcome !== 'awaiting') await setStatus('payment_validated', paidAt, true);

  if (plan.outcome === 'completed') await setStatus('completed', new Date(dueAt.getTime() + 3 * 3_600_000));
  if (plan.outcome === 'cancelled') await setStatus('cancelled', new Date(checkedOutAt.getTime() + DAY));
  if (plan.outcome === 'refund-pending' || plan.outcome === 'refund-accepted') {
    const requestedAt = new Date(checkedOutAt.getTime() + DAY);
    // Both requests were made more than 24 hours ahead: free (the terms' fee is then 0).
    const late = dueAt.getTime() - requestedAt.getTime() < DAY;
    const fee = late ? percentOf(total, 30) : 0;
    await db.query(
      `INSERT INTO refund_requests (order_id, reason, fee, requested_at) VALUES ($1, $2, $3, $4)`,
      [id, plan.outcome === 'refund-pending' ? 'We are moving house earlier than planned.' : 'The landlord has already arranged a cleaner.', fee, requestedAt],
    );
    await audit.record({ ...byCustomer, action: 'order.refund_request', from: null, to: 'pending', at: requestedAt });
    if (plan.outcome === 'refund-accepted') {
      const decidedAt = new Date(requestedAt.getTime() + 4 * 3_600_000);
      await db.query(
        `UPDATE refund_requests SET status = 'accepted', refund_due = $2, refunded_amount = $2, decided_at = $3, decided_by = $4, version = 1
          WHERE order_id = $1`,
        [id, total - fee, decidedAt, input.admin?.id ?? null],
      );
      // Refunded through the provider, as decideRefund would have (a card order's payment is there).
      await db.query(
        `UPDATE refund_requests r SET provider_refund_ref = 're_' || s.id FROM payment_sessions s WHERE r.order_id = $1 AND s.order_id = $1`,
        [id],
      );
      await db.query(`UPDATE payment_sessions SET refunded_amount = $2, refund_key = $3 WHERE order_id = $1`, [id, total - fee, `refund-order-${id}`]);
      const refunded = total - fee;
      if (refunded > 0) {
        // The ledger's credit and refund, as decideRefund writes them (decision 036).
        const ledger = ledgerRepository(db);
        const rate = (await ledger.forOrder(id)).find((line) => line.vatPercent !== null)?.vatPercent ?? 0;
        await ledger.add({
          orderId: id, kind: 'adjustment', name: `Cancellation of order #${id}`, amount: -refunded, vatPercent: rate,
          reason: 'Refund accepted', actorId: input.admin?.id ?? customer.id, actor: byAdmin.actor, at: decidedAt,
        });
        if (plan.card) {
          await ledger.add({
            orderId: id, kind: 'refund', name: 'Card refund', amount: refunded, vatPercent: null,
            reference: `re_demo-${id}`, actorId: null, actor: 'Test payment provider', at: decidedAt,
          });
        }
        // Its credit note, as decideRefund issues it (decision 059): an invoiced order only.
        await documentLaterCharges(db, id, NO_MAILS, decidedAt, `Refund on the cancellation of order #${id}`);
      }
      await audit.record({ ...byAdmin, action: 'refund.status', from: 'pending', to: 'accepted', at: decidedAt });
      await setStatus('cancelled', decidedAt);
    }
  }
}
