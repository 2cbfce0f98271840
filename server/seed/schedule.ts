import { sql } from 'kysely';
import type { Database } from '../db/database';
import { kysely } from '../db/kysely';
import { auditRepository } from '../repositories/audit';
import { orderRepository } from '../repositories/orders';
import { londonDate, londonLocalToInstant } from '../../domain/time/london-time';
import { createOrder } from '../services/orders';

/**
 * Today's demo jobs (issue 15 section 1): a new site's schedule board opens on today, so a few cash
 * bookings start today (UK time), placed the day before by the demo's extra customers; one already
 * has Team A, the others wait in Unassigned. Runs with the demo orders, on a new site only.
 */
const TODAY: Array<{ email: string; time: string; team: string | null; postcode: string }> = [
  { email: 'oliver.bennett@example.co.uk', time: '09:00', team: 'Team A', postcode: 'SW19 4HE' },
  { email: 'priya.sharma@example.co.uk', time: '10:30', team: null, postcode: 'BN2 1JA' },
  { email: 'george.williams@example.co.uk', time: '13:00', team: null, postcode: 'M1 3HE' },
  { email: 'amelia.hart@example.co.uk', time: '15:30', team: null, postcode: 'LS1 5HD' },
];

export async function seedTodaysJobs(db: Database, now: Date): Promise<void> {
  const orders = orderRepository(db);
  const audit = auditRepository(db);
  const k = kysely(db);
  const service = await k.selectFrom('services').select('id').orderBy('sort').orderBy('id').limit(1).executeTakeFirst();
  const item = await k
    .selectFrom('service_items')
    .select(['id', 'name', 'price'])
    .where('service_id', '=', service?.id ?? 0)
    .orderBy('sort')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!service || !item) return;
  const day = londonDate(now);
  for (const job of TODAY) {
    const customer = await k.selectFrom('users').select(['id', 'name']).where(sql<string>`lower(email)`, '=', job.email).executeTakeFirst();
    if (!customer) continue;
    const placedAt = new Date(now.getTime() - 86_400_000);
    // The API's one creation path (priced by the pricing module), as in the demo orders.
    const { id } = await createOrder(db, { id: customer.id, name: customer.name, email: job.email, roles: ['ROLE_USER'] }, { service: service.id, items: [{ id: item.id, quantity: 2 }] }, placedAt);
    await orders.checkout(id, {
      dueAt: londonLocalToInstant(day, job.time), address: '1 Demo Street', phone: '020 7946 0000', city: 'London',
      codePostal: job.postcode, clientNote: '', paymentMethod: 'cash', paymentRef: null, checkedOutAt: placedAt,
    });
    await audit.record({ orderId: id, actorId: customer.id, actor: customer.name, action: 'order.checkout', from: null, to: 'cash', at: placedAt });
    const team = job.team;
    if (team) await k.updateTable('orders').set((eb) => ({ team_id: eb.selectFrom('teams').select('id').where('name', '=', team) })).where('id', '=', id).execute();
  }
}
