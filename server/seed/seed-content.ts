import type { Database } from '../db/database';
import { SERVICES } from './services-content';
import { toPence } from '../../domain/money/money';
import { COUNTERS, SITE_FAQS, TESTIMONIES } from './site-content';

/** Inserts the services (items, activities, FAQs), counters, testimonies and site FAQs. */
export async function seedContent(db: Database): Promise<void> {
  for (const [index, service] of SERVICES.entries()) {
    const [row] = await db.query<{ id: number }>(
      'INSERT INTO services (slug, name, description, picture, sort) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [service.slug, service.name, service.description, service.picture, index],
    );
    const serviceId = row!.id;
    for (const [sort, [name, price]] of service.items.entries()) {
      await db.query('INSERT INTO service_items (service_id, name, price, sort) VALUES ($1, $2, $3, $4)', [serviceId, name, toPence(price), sort]);
    }
    // Goods sold at cost earn no frequency discount (docs/decisions/014).
    for (const name of service.undiscounted ?? []) {
      await db.query('UPDATE service_items SET discountable = false WHERE service_id = $1 AND name = $2', [serviceId, name]);
    }
    for (const [sort, text] of service.activities.entries()) {
      await db.query('INSERT INTO service_activities (service_id, text, sort) VALUES ($1, $2, $3)', [serviceId, text, sort]);
    }
    for (const [sort, [q, a]] of service.faqs.entries()) {
      await db.query('INSERT INTO service_faqs (service_id, q, a, sort) VALUES ($1, $2, $3, $4)', [serviceId, q, a, sort]);
    }
  }
  // The first job lengths live in one place, migration 035's table (decision 041).
  await db.query(`UPDATE services s SET base_minutes = d.minutes
                    FROM job_length_defaults d WHERE d.service_slug = s.slug AND d.item_name IS NULL`);
  await db.query(`UPDATE service_items i SET duration_minutes = d.minutes
                    FROM services s, job_length_defaults d
                   WHERE s.id = i.service_id AND d.service_slug = s.slug AND d.item_name = i.name`);
  for (const [sort, [value, title]] of COUNTERS.entries()) {
    await db.query('INSERT INTO counters (value, title, sort) VALUES ($1, $2, $3)', [value, title, sort]);
  }
  for (const [sort, [user, content]] of TESTIMONIES.entries()) {
    await db.query('INSERT INTO testimonies (user_name, content, sort) VALUES ($1, $2, $3)', [user, content, sort]);
  }
  for (const [sort, [q, a]] of SITE_FAQS.entries()) {
    await db.query('INSERT INTO faqs (q, a, sort) VALUES ($1, $2, $3)', [q, a, sort]);
  }
}
