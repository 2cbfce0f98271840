import type { ServiceDetail } from '../../openapi/schema';
import { api } from './client';
import { ApiError, unwrap } from './errors';


/**
 * GET /home/services/{id}: the API answers a one-element list; its first element is the service.
 * Null when there is no such service (the API answered 404 or an empty list), so the page can be
 * the not-found page; an id that cannot name a service (/service/abc, 0) is not asked for at all,
 * rather than shown the contract's "params/id must be integer".
 */
export async function getServiceDetail(id: number): Promise<ServiceDetail | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  try {
    const [service] = await unwrap(api.GET('/home/services/{id}', { params: { path: { id } } }));
    return service ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
