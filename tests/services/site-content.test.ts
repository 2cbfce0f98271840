import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { COUNTERS, SITE_FAQS, TESTIMONIES } from '../../server/seed/site-content';
import { SERVICES } from '../../server/seed/services-content';
import { siteContent } from '../../server/services/site-content';
import type { TestDatabase } from '../api/support/test-database';
import { ownDatabase } from './support/own-database';

/**
 * The public content of the site (services/site-content.ts on repositories/content-repository.ts):
 * services with their activities and FAQs, counters, testimonies and FAQs, each list in the order
 * written (`sort`, then the order added), a service's details only its own.
 */
let testDb: TestDatabase;
let db: Database;

beforeAll(async () => {
  testDb = await ownDatabase();
  db = testDb.db;
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

const idOf = async (name: string) => (await db.query<{ id: number }>('SELECT id FROM services WHERE name = $1', [name]))[0]!.id;

describe('the content as first seeded', () => {
  it('lists the six services, counters, testimonies and FAQs as written', async () => {
    const content = siteContent(db);
    const services = await content.listServices();
    expect(services).toEqual(SERVICES.map((s) => ({ id: expect.any(Number), name: s.name, description: s.description, picture: s.picture })));
    expect(await content.listCounters()).toEqual(COUNTERS.map(([value, title]) => ({ value, title })));
    expect(await content.listTestimonies()).toEqual(TESTIMONIES.map(([user, content]) => ({ user, content })));
    expect(await content.listFaqs()).toEqual(SITE_FAQS.map(([q, a]) => ({ q, a })));
  });

  it("gives each service's details with its own activities and FAQs; an unknown id is none", async () => {
    const content = siteContent(db);
    for (const service of SERVICES) {
      const id = await idOf(service.name);
      expect(await content.findServiceDetail(id)).toEqual({
        id, name: service.name, picture: service.picture, description: service.description, activities: service.activities, faqs: service.faqs.map(([q, a]) => ({ q, a })),
      });
      expect(await content.serviceExists(id)).toBe(true);
    }
    expect(await content.findServiceDetail(999_999)).toBeNull();
    expect(await content.serviceExists(999_999)).toBe(false);
  });
});

describe('the order written', () => {
  it('sorts by `sort`, then by the order added, whatever order the rows are stored in', async () => {
    const content = siteContent(db);
    const deep = await idOf('Deep Cleaning');
    const moving = await idOf('Moving');
    // The first seeded rows move to the end; new rows come first, two of them tied.
    for (const table of ['services', 'counters', 'testimonies', 'faqs']) await db.query(`UPDATE ${table} SET sort = 99 WHERE id = (SELECT min(id) FROM ${table})`);
    await db.query("INSERT INTO services (slug, name, description, picture, sort) VALUES ('windows', 'Windows', 'Inside and out.', '/images/services/windows.svg', -1)");
    await db.query("INSERT INTO counters (value, title, sort) VALUES (1, 'First tie', -1), (2, 'Second tie', -1), (3, 'Before all', -2)");
    await db.query("INSERT INTO testimonies (user_name, content, sort) VALUES ('Tia', 'Lovely.', -1), ('Uri', 'Spotless.', -1)");
    await db.query("INSERT INTO faqs (q, a, sort) VALUES ('First?', 'Yes.', -1)");
    await db.query("UPDATE service_activities SET sort = 99 WHERE id = (SELECT min(id) FROM service_activities WHERE service_id = $1)", [deep]);
    await db.query('INSERT INTO service_activities (service_id, text, sort) VALUES ($1, $2, -1), ($3, $4, -1), ($1, $5, -1)', [deep, 'Skirting boards first', moving, 'Not a deep clean activity', 'Then the doors']);
    await db.query('INSERT INTO service_faqs (service_id, q, a, sort) VALUES ($1, $2, $3, -1), ($4, $5, $6, -1)', [deep, 'Deep first?', 'Yes.', moving, 'Moving first?', 'No.']);

    const [first, ...rest] = SERVICES;
    expect((await content.listServices()).map((s) => s.name)).toEqual(['Windows', ...rest.map((s) => s.name), first!.name]);
    const [firstCounter, ...counters] = COUNTERS;
    expect(await content.listCounters()).toEqual([
      { value: 3, title: 'Before all' }, { value: 1, title: 'First tie' }, { value: 2, title: 'Second tie' },
      ...counters.map(([value, title]) => ({ value, title })), { value: firstCounter![0], title: firstCounter![1] },
    ]);
    const [firstTestimony, ...testimonies] = TESTIMONIES;
    expect(await content.listTestimonies()).toEqual([
      { user: 'Tia', content: 'Lovely.' }, { user: 'Uri', content: 'Spotless.' },
      ...testimonies.map(([user, content]) => ({ user, content })), { user: firstTestimony![0], content: firstTestimony![1] },
    ]);
    const [firstFaq, ...faqs] = SITE_FAQS;
    expect(await content.listFaqs()).toEqual([{ q: 'First?', a: 'Yes.' }, ...faqs.map(([q, a]) => ({ q, a })), { q: firstFaq![0], a: firstFaq![1] }]);

    const seeded = SERVICES.find((s) => s.name === 'Deep Cleaning')!;
    const [firstActivity, ...activities] = seeded.activities;
    const detail = await content.findServiceDetail(deep);
    expect(detail?.activities).toEqual(['Skirting boards first', 'Then the doors', ...activities, firstActivity]);
    expect(detail?.faqs).toEqual([{ q: 'Deep first?', a: 'Yes.' }, ...seeded.faqs.map(([q, a]) => ({ q, a }))]);
  });
});
