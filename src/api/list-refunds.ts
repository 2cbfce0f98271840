import type { operations, RefundRequest } from '../../openapi/schema';
import { api } from './client';
import { unwrapPage, type PageOf } from './paged';

export type RefundListQuery = NonNullable<operations['listRefunds']['parameters']['query']>;

/** GET /admin/refunds/: one page of refund requests in the table's sort and name filter, with the total. */
export function listRefunds(query: RefundListQuery): Promise<PageOf<RefundRequest>> {
  return unwrapPage(api.GET('/admin/refunds/', { params: { query } }));
}
