import type { Selectable } from 'kysely';
import type { Database } from '../db/database';
import { kysely } from '../db/kysely';
import type { ServiceItems } from '../db/schema';

const ITEM_COLUMNS = ['id', 'service_id', 'name', 'price'] as const;

/** The priced items an order is built from (service_items of 001_core.sql). */
export type CatalogueItem = Pick<Selectable<ServiceItems>, (typeof ITEM_COLUMNS)[number]>;

export function orderCatalogue(db: Database) {
  const k = kysely(db);
  return {
    async serviceName(serviceId: number): Promise<string | null> {
      const row = await k.selectFrom('services').select('name').where('id', '=', serviceId).executeTakeFirst();
      return row?.name ?? null;
    },

    itemsOfService(serviceId: number): Promise<CatalogueItem[]> {
      return k.selectFrom('service_items').select(ITEM_COLUMNS).where('service_id', '=', serviceId).orderBy('sort').orderBy('id').execute();
    },
  };
}
