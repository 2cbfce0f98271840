import type { components } from '../../openapi/schema';
import { api } from './client';
import { ApiError, unwrap } from './errors';

export type ServiceDetail = components['schemas']['ServiceDetail'];

const notFound = () => new ApiError('Service not found', 404);

/**
 * GET /home/services/{id}: the API answers a one-element list; its first element is the service.
 * An id that is not a whole number (/service/abc) cannot name a service: it is not found either,
 * rather than the contract's "params/id must be integer".
 */
export async function getServiceDetail(id: number): Promise<ServiceDetail> {
  if (!Number.isSafeInteger(id) || id < 1) throw notFound();
  const list = await unwrap(api.GET('/home/services/{id}', { params: { path: { id } } }));
  const [service] = list;
  if (!service) throw notFound();
  return service;
}
