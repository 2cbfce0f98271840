import type { Counter, Faq, Service, ServiceDetail, Testimony } from '../../openapi/schema';
import { kysely } from '../db/kysely';
import type { Database } from '../db/database';


/** Services, counters, testimonies and FAQs, in the order they were written (`sort`). */
export function createContentRepository(db: Database) {
  const k = kysely(db);
  return {
    listServices(): Promise<Service[]> {
      return k.selectFrom('services').select(['id', 'name', 'description', 'picture']).orderBy('sort').orderBy('id').execute();
    },

    async serviceExists(id: number): Promise<boolean> {
      const rows = await k.selectFrom('services').select((eb) => eb.lit(1).as('one')).where('id', '=', id).execute();
      return rows.length > 0;
    },

    async findServiceDetail(id: number): Promise<ServiceDetail | null> {
      const service = await k.selectFrom('services').select(['id', 'name', 'picture', 'description']).where('id', '=', id).executeTakeFirst();
      if (!service) return null;
      const activities = await k.selectFrom('service_activities').select('text').where('service_id', '=', id).orderBy('sort').orderBy('id').execute();
      const faqs: Faq[] = await k.selectFrom('service_faqs').select(['q', 'a']).where('service_id', '=', id).orderBy('sort').orderBy('id').execute();
      return { ...service, activities: activities.map((row) => row.text), faqs };
    },

    listCounters(): Promise<Counter[]> {
      return k.selectFrom('counters').select(['value', 'title']).orderBy('sort').orderBy('id').execute();
    },

    listTestimonies(): Promise<Testimony[]> {
      return k.selectFrom('testimonies').select(['user_name as user', 'content']).orderBy('sort').orderBy('id').execute();
    },

    listFaqs(): Promise<Faq[]> {
      return k.selectFrom('faqs').select(['q', 'a']).orderBy('sort').orderBy('id').execute();
    },
  };
}
