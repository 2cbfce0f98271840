import { admin } from './accounts';
import { createApiClient, ok, type ApiClient } from './api-client';

/**
 * "#<reference>": the one number people read for an order (decision 073), asked of the API as staff
 * (`staff`: a signed-in staff client; by default the admin signs in on the shared server). Screens
 * never show the id; tests that hold an id read the number a person sees through this.
 */
export async function orderNumberOf(id: number, staff?: ApiClient): Promise<string> {
  const api = staff ?? createApiClient((await ok(createApiClient().POST('/auth/login', { body: { username: admin.email, password: admin.password } }))).token);
  const order = await ok(api.GET('/admin/order/{id}', { params: { path: { id } } }));
  if (!order.reference) throw new Error(`order ${id} is not placed: it has no number to show`);
  return `#${order.reference}`;
}
