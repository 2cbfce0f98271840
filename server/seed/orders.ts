import { randomBytes } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import { ledgerRepository } from '../repositories/ledger';
import type { Database } from '../db/database';
import { kysely } from '../db/kysely';
import type { ServiceItems, Users } from '../db/schema';
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

type Person = Pick<Selectable<Users>, 'id' | 'name'>;

export async function seedOrders(db: Database, now: Date): Promise<void> {
  const { count } = await kysely(db)
    .selectFrom('orders')
    .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('count'))
    .executeTakeFirstOrThrow();
  if (count > 0) return;
  await db.transaction(async (tx) => {
    const k = kysely(tx);
    const customers = await demoCustomers(tx, now);
    const admin = await k
      .selectFrom('users')
      .select(['id', 'name'])
      .where(sql<boolean>`'ROLE_ADMIN' = ANY(roles)`)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    const services = await k.selectFrom('services').select(['id', 'name']).orderBy('sort').orderBy('id').execute();
    const items = await k.selectFrom('service_items').select(['id', 'service_id', 'name', 'price']).orderBy('sort').orderBy('id').execute();
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
async function demoCustomers(db: Database, now: Date): Promise<Person[]> {
  const k = kysely(db);
  const demo = await k.selectFrom('users').select(['id', 'name']).where(sql<string>`lower(email)`, '=', DEMO_CUSTOMER_EMAIL).executeTakeFirst();
  const extras: Person[] = [];
  for (const [index, [name, email]] of EXTRA_CUSTOMERS.entries()) {
    const row = await k
      .insertInto('users')
      .values({
        name, email, password_hash: `!unusable$${randomBytes(16).toString('base64url')}`, roles: sql<string[]>`ARRAY['ROLE_USER']`,
        created_at: new Date(now.getTime() - (80 - index * 9) * DAY),
      })
      .onConflict((oc) => oc.expression(sql`lower(email)`).doUpdateSet((eb) => ({ name: eb.ref('users.name') })))
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    extras.push(row);
  }
  // The demo customer's account predates its first demo order.
  if (demo) {
    await k
      .updateTable('users')
      .set({ created_at: sql<Date>`LEAST(created_at, ${new Date(now.getTime() - 90 * DAY)})` })
      .where('id', '=', demo.id)
      .execute();
  }
  // Without the demo customer, its orders go to the first extra customer.
  return [demo ?? extras[0]!, ...extras];
}

interface SeedOrderInput {
  plan: Plan;
  customer: Person;
  admin: Person | null;
  serviceId: number;
  choices: Array<Pick<Selectable<ServiceItems>, 'id' | 'name' | 'price'>>;
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
  const k = kysely(db);

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
      await k.updateTable('orders').set((eb) => ({ paid_amount: eb.ref('total'), paid_at: at })).where('id', '=', id).execute();
      // Its ledger's payment line (decision 036), as confirmPayment writes it.
      await ledgerRepository(db).add({
        orderId: id, kind: 'payment', name: 'Card payment', amount: total, vatPercent: null,
        reference: `demo-${id}`, actorId: null, actor: 'Test payment provider', at,
      });
      // The payment the test provider took: accepting a refund of this order refunds through it
      // (without it, an administrator accepting a demo order's refund met 502 "not refunded yet").
      await k
        .insertInto('payment_sessions')
        .columns(['id', 'order_id', 'amount', 'description', 'email', 'status', 'created_at', 'paid_at'])
        .expression((eb) =>
          eb.selectFrom('orders as o')
            .select((row) => [
              'o.payment_ref as id',
              'o.id as order_id',
              'o.total as amount',
              // The number people read (decision 073), never the id.
              sql<string>`${'Order #'} || ${row.ref('o.reference')}`.as('description'),
              row.fn.coalesce(row.selectFrom('users as u').select('u.email').whereRef('u.id', '=', 'o.user_id'), sql.lit('')).as('email'),
              sql.lit('paid').as('status'),
              'o.checked_out_at as created_at',
              row.val(at).as('paid_at'),
            ])
            .where('o.id', '=', id)
            .where('o.payment_ref', 'is not', null),
        )
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
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
    await k
      .insertInto('refund_requests')
      .values({
        order_id: id, reason: plan.outcome === 'refund-pending' ? 'We are moving house earlier than planned.' : 'The landlord has already arranged a cleaner.', fee, requested_at: requestedAt,
      })
      .execute();
    await audit.record({ ...byCustomer, action: 'order.refund_request', from: null, to: 'pending', at: requestedAt });
    if (plan.outcome === 'refund-accepted') {
      const decidedAt = new Date(requestedAt.getTime() + 4 * 3_600_000);
      const due = total - fee;
      await k
        .updateTable('refund_requests')
        .set({ status: 'accepted', refund_due: due, refunded_amount: due, decided_at: decidedAt, decided_by: input.admin?.id ?? null, version: 1 })
        .where('order_id', '=', id)
        .execute();
      // Refunded through the provider, as decideRefund would have (a card order's payment is there).
      await k
        .updateTable('refund_requests as r')
        .from('payment_sessions as s')
        .set({ provider_refund_ref: sql<string>`'re_' || s.id` })
        .where('r.order_id', '=', id)
        .where('s.order_id', '=', id)
        .execute();
      await k.updateTable('payment_sessions').set({ refunded_amount: due, refund_key: `refund-order-${id}` }).where('order_id', '=', id).execute();
      const refunded = due;
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
