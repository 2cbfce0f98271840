import type { Counter, Faq, Service, ServiceDetail, Testimony } from '../../openapi/schema';
import type { Database } from '../db/database';


/** Services, counters, testimonies and FAQs, in the order they were written (`sort`). */
export function createContentRepository(db: Database) {
  return {
    listServices(): Promise<Service[]> {
      return db.query('SELECT id, name, description, picture FROM services ORDER BY sort, id');
    },

    async serviceExists(id: number): Promise<boolean> {
      const rows = await db.query('SELECT 1 FROM services WHERE id = $1', [id]);
      return rows.length > 0;
    },

    async findServiceDetail(id: number): Promise<ServiceDetail | null> {
      const [service] = await db.query<Omit<ServiceDetail, 'activities' | 'faqs'>>(
        'SELECT id, name, picture, description FROM services WHERE id = $1',
        [id],
      );
      if (!service) return null;
      const activities = await db.query<{ text: string }>(
        'SELECT text FROM service_activities WHERE service_id = $1 ORDER BY sort, id',
        [id],
      );
      const faqs = await db.query<Faq>('SELECT q, a FROM service_faqs WHERE service_id = $1 ORDER BY sort, id', [id]);
      return { ...service, activities: activities.map((row) => row.text), faqs };
    },

    listCounters(): Promise<Counter[]> {
      return db.query('SELECT value, title FROM counters ORDER BY sort, id');
    },

    listTestimonies(): Promise<Testimony[]> {
      return db.query('SELECT user_name AS "user", content FROM testimonies ORDER BY sort, id');
    },

    listFaqs(): Promise<Faq[]> {
      return db.query('SELECT q, a FROM faqs ORDER BY sort, id');
    },
  };
}
