import type { operations, CustomerSummary } from '../../openapi/schema';
import { api } from './client';
import { unwrapPage, type PageOf } from './paged';

export type CustomerListQuery = NonNullable<operations['listCustomers']['parameters']['query']>;

/** GET /admin/customers: one page of customers in the table's sort and search, with the total. */
export function listCustomers(query: CustomerListQuery): Promise<PageOf<CustomerSummary>> {
  return unwrapPage(api.GET('/admin/customers', { params: { query } }));
}
