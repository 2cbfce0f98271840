import type { Receipt } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';


/** GET /services/order/{id}/receipt: the VAT invoice of one of my paid orders. */
export function getReceipt({ id }: { id: number }): Promise<Receipt> {
  return unwrap(api.GET('/services/order/{id}/receipt', { params: { path: { id } } }));
}
