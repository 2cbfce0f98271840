import type { Database } from '../db/database';

/** The priced items an order is built from (service_items of 001_core.sql). */
export interface CatalogueItem {
  id: number;
  service_id: number;
  name: string;
  price: number;
}

export function orderCatalogue(db: Database) {
  return {
    async serviceName(serviceId: number): Promise<string | null> {
      const rows = await db.query<{ name: string }>('SELECT name FROM services WHERE id = $1', [serviceId]);
      return rows[0]?.name ?? null;
    },

    itemsOfService(serviceId: number): Promise<CatalogueItem[]> {
      return db.query<CatalogueItem>(
        'SELECT id, service_id, name, price FROM service_items WHERE service_id = $1 ORDER BY sort, id',
        [serviceId],
      );
    },
  };
}
