import { fromPromise } from 'xstate';
import type { JobEdit, JobEditPreview, JobEditSave, JobEditState, OrderDetail } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';

/** GET /admin/order/{id}/job: the booked job as staff edit it (decision 055). */
export function getJobEdit(orderId: number): Promise<JobEditState> {
  return unwrap(api.GET('/admin/order/{id}/job', { params: { path: { id: orderId } } }));
}

/** POST /admin/order/{id}/job/preview: the ledger lines an edit would add; writes nothing. */
export function previewJobEdit(orderId: number, edit: JobEdit): Promise<JobEditPreview> {
  return unwrap(api.POST('/admin/order/{id}/job/preview', { params: { path: { id: orderId } }, body: edit }));
}

/** PUT /admin/order/{id}/job: the edit with its reason; 409 when the time was just taken or the job changed meanwhile. */
export function editJob(orderId: number, edit: JobEditSave): Promise<OrderDetail> {
  return unwrap(api.PUT('/admin/order/{id}/job', { params: { path: { id: orderId } }, body: edit }));
}

/** The job edit machine's actors. */
export const loadJobActor = fromPromise<JobEditState, { orderId: number }>(({ input }) => getJobEdit(input.orderId));
export const previewEditActor = fromPromise<JobEditPreview, { orderId: number; edit: JobEdit }>(({ input }) => previewJobEdit(input.orderId, input.edit));
export const saveEditActor = fromPromise<OrderDetail, { orderId: number; edit: JobEditSave }>(({ input }) => editJob(input.orderId, input.edit));
