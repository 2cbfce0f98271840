import type { Database } from '../db/database';

// Placeholder: demo orders and refund requests are seeded next (booking/admin).
export async function seedOrders(_db: Database, _now: Date): Promise<void> {}
