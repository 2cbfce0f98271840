import type { Database } from '../db/database';
import { createContentRepository } from '../repositories/content-repository';

/**
 * The public content of the site (/home/..., R-SITE-2 … R-SITE-4): services, their details, counters,
 * testimonies and FAQs, read as stored (cached by plugins/public-cache.ts). No rule applies to them,
 * so this is the repository's reads as they are; routes reach them here, never the repository itself.
 */
export const siteContent = (db: Database) => createContentRepository(db);
