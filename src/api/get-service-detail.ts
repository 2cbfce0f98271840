import type { components } from '../../openapi/schema';
import { api } from './client';
import { ApiError, unwrap } from './errors';

export type ServiceDetail = components['schemas']['ServiceDetail'];

/** GET /home/services/{id}: the API answers a one-element list; its first element is the service. */
export async function getServiceDetail(id: number): Promise<ServiceDetail> {
  const list = await unwrap(api.GET('/home/services/{id}', { params: { path: { id } } }));
  const [service] = list;
  if (!service) throw new ApiError('Service not found', 404);
  return service;
}
