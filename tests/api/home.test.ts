import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('GET /api/home/services', () => {
  it('lists the six services of the spec with a picture each', async () => {
    const { data, response } = await server.api.GET('/home/services');
    expect(response.status).toBe(200);
    expect(data!.map((service) => service.name)).toEqual([
      'House Keeping',
      'End of Tenancy',
      'After Builders',
      'Deep Cleaning',
      'Moving',
      'Handyman',
    ]);
    for (const service of data!) {
      expect(service.description.length).toBeGreaterThan(20);
      expect(service.picture).toMatch(/^\/images\/services\/[a-z-]+\.svg$/);
    }
  });
});

describe('GET /api/home/services/{id}', () => {
  it('answers a one-element list with the activities and FAQs of the service', async () => {
    const { data: services } = await server.api.GET('/home/services');
    const deep = services!.find((service) => service.name === 'Deep Cleaning')!;
    const { data, response } = await server.api.GET('/home/services/{id}', { params: { path: { id: deep.id } } });
    expect(response.status).toBe(200);
    expect(data).toHaveLength(1);
    const [detail] = data!;
    expect(detail!.name).toBe('Deep Cleaning');
    expect(detail!.picture).toBe('/images/services/deep-cleaning.svg');
    expect(detail!.activities.length).toBeGreaterThanOrEqual(5);
    expect(detail!.activities.length).toBeLessThanOrEqual(8);
    expect(detail!.faqs.length).toBeGreaterThanOrEqual(3);
    for (const faq of detail!.faqs) expect(faq.q).toMatch(/\?$/);
  });

  it('answers 404 with a message for an unknown service', async () => {
    const { error, response } = await server.api.GET('/home/services/{id}', { params: { path: { id: 999_999 } } });
    expect(response.status).toBe(404);
    expect(error).toEqual({ message: 'Service not found' });
  });

  it.each([
    ['abc', 'params/id must be integer'],
    ['0', 'params/id must be >= 1'],
    ['1.5', 'params/id must be integer'],
    ['99999999999', 'params/id must be <= 2147483647'],
  ])('answers 400 for the id %s', async (id, message) => {
    const response = await fetch(`${server.baseUrl}/api/home/services/${id}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
  });
});

describe('GET /api/home/counter, /testimonies, /faqs', () => {
  it('answers four headline counters', async () => {
    const { data } = await server.api.GET('/home/counter');
    expect(data).toEqual([
      { value: 1250, title: 'Happy customers' },
      { value: 8, title: 'Years of experience' },
      { value: 45, title: 'Trained cleaners' },
      { value: 3400, title: 'Jobs completed' },
    ]);
  });

  it('answers six testimonies, each with a display name of two words for the initials', async () => {
    const { data } = await server.api.GET('/home/testimonies');
    expect(data).toHaveLength(6);
    for (const testimony of data!) {
      expect(testimony.user).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
      expect(testimony.content.length).toBeGreaterThan(20);
    }
  });

  it('answers eight site FAQs including the 24-hour cancellation terms', async () => {
    const { data } = await server.api.GET('/home/faqs');
    expect(data).toHaveLength(8);
    const cancellation = data!.find((faq) => /cancel/i.test(faq.q));
    expect(cancellation!.a).toContain('24 hours');
    expect(cancellation!.a).toContain('30%');
  });
});

describe('the answers', () => {
  it('all match the contract (status documented, body of its schema)', () => {
    expect(server.contract.checked()).toBeGreaterThan(0);
    expect(server.contract.violations()).toEqual([]);
    expect(server.contract.serverErrors()).toEqual([]);
  });
});
