import type { components } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';

export type RefundRequest = components['schemas']['RefundRequest'];

/** GET /admin/refunds/: every refund request, newest first. */
export function listRefunds(): Promise<RefundRequest[]> {
  return unwrap(api.GET('/admin/refunds/'));
}
