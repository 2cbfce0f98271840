/**
 * The public content a prerendered page is built with, answered by the real server (buildApp,
 * through Fastify's inject) over an in-memory PGlite given the server's own first-start content:
 * the same JSON a browser would get from /api, with no network and no running server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { seedContent } from '../../server/seed/seed-content';

/** The API path of each public read of src/shared/preload.ts, and how its answer is kept. */
const readPaths: Record<string, (params: unknown) => { url: string; pick?: (body: unknown) => unknown }> = {
  services: () => ({ url: '/api/home/services' }),
  // getServiceDetail answers the first element of the one-element list (R-SITE-3).
  serviceDetail: (id) => ({ url: `/api/home/services/${id}`, pick: (body) => (body as unknown[])[0] }),
  quoteOptions: (id) => ({ url: `/api/quotes/options/${id}` }),
  counters: () => ({ url: '/api/home/counter' }),
  testimonies: () => ({ url: '/api/home/testimonies' }),
  faqs: () => ({ url: '/api/home/faqs' }),
};

export interface PublicContent {
  read(name: string, params?: unknown): Promise<unknown>;
  close(): Promise<void>;
}

export async function openPublicContent(): Promise<PublicContent> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'prerender-'));
  const db = await openPglite();
  let server: FastifyInstance;
  try {
    await migrate(db);
    await db.transaction((tx) => seedContent(tx));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'prerender-only-no-tokens-issued', SPA_DIR: '', API_DOCS: 'false' });
    server = await buildApp({ db, config, logger: false, spaDir: null });
  } catch (error) {
    await db.close();
    throw error;
  }
  return {
    async read(name, params) {
      const route = readPaths[name]?.(params);
      if (!route) throw new Error(`No API path for the public read "${name}"`);
      const response = await server.inject({ method: 'GET', url: route.url });
      if (response.statusCode !== 200) throw new Error(`${route.url} answered ${response.statusCode}: ${response.body}`);
      const body: unknown = response.json();
      return route.pick ? route.pick(body) : body;
    },
    async close() {
      await server.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
