import { api } from './client';
import { downloadOf } from './download';

/** GET /admin/order/{id}/photo: the team's check-out photo, for staff (decision 061). */
export const getOrderPhoto = async (id: number): Promise<Blob> =>
  (await downloadOf(() => api.GET('/admin/order/{id}/photo', { params: { path: { id } }, parseAs: 'blob' }))).blob;
