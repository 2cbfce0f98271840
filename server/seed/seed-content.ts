import type { Database } from '../db/database';
import { kysely } from '../db/kysely';
import { SERVICES } from './services-content';
import { toPence } from '../../domain/money/money';
import { COUNTERS, SITE_FAQS, TESTIMONIES } from './site-content';

/** Inserts the services (items, activities, FAQs), counters, testimonies and site FAQs. */
export async function seedContent(db: Database): Promise<void> {
  const k = kysely(db);
  for (const [index, service] of SERVICES.entries()) {
    const { id: serviceId } = await k
      .insertInto('services')
      .values({ slug: service.slug, name: service.name, description: service.description, picture: service.picture, sort: index })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [sort, [name, price]] of service.items.entries()) {
      await k.insertInto('service_items').values({ service_id: serviceId, name, price: toPence(price), sort }).execute();
    }
    // Goods sold at cost earn no frequency discount (docs/decisions/014).
    for (const name of service.undiscounted ?? []) {
      await k.updateTable('service_items').set({ discountable: false }).where('service_id', '=', serviceId).where('name', '=', name).execute();
    }
    for (const [sort, text] of service.activities.entries()) {
      await k.insertInto('service_activities').values({ service_id: serviceId, text, sort }).execute();
    }
    for (const [sort, [q, a]] of service.faqs.entries()) {
      await k.insertInto('service_faqs').values({ service_id: serviceId, q, a, sort }).execute();
    }
  }
  // The first job lengths live in one place, migration 035's table (decision 041).
  await k
    .updateTable('services as s')
    .from('job_length_defaults as d')
    .set((eb) => ({ base_minutes: eb.ref('d.minutes') }))
    .whereRef('d.service_slug', '=', 's.slug')
    .where('d.item_name', 'is', null)
    .execute();
  await k
    .updateTable('service_items as i')
    .from(['services as s', 'job_length_defaults as d'])
    .set((eb) => ({ duration_minutes: eb.ref('d.minutes') }))
    .whereRef('s.id', '=', 'i.service_id')
    .whereRef('d.service_slug', '=', 's.slug')
    .whereRef('d.item_name', '=', 'i.name')
    .execute();
  for (const [sort, [value, title]] of COUNTERS.entries()) {
    await k.insertInto('counters').values({ value, title, sort }).execute();
  }
  for (const [sort, [user, content]] of TESTIMONIES.entries()) {
    await k.insertInto('testimonies').values({ user_name: user, content, sort }).execute();
  }
  for (const [sort, [q, a]] of SITE_FAQS.entries()) {
    await k.insertInto('faqs').values({ q, a, sort }).execute();
  }
}
