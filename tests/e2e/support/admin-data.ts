import { checkoutAtFreeTime, ukDay } from './free-slots';
import type { AdminOrder, UserInfo } from '../../../openapi/schema';
import { admin } from './accounts';
import { createApiClient, ok, type ApiClient } from './api-client';
import { registerCustomer, type Customer } from './fixtures';
import { orderNameOf } from './booking-ui';


/** Back-office test data made through the real API: an administrator's client, customers with orders. */
export async function adminApi(): Promise<{ api: ApiClient; user: UserInfo }> {
  const user = await ok(createApiClient().POST('/auth/login', { body: { username: admin.email, password: admin.password } }));
  return { api: createApiClient(user.token), user };
}

export interface PlacedOrder {
  customer: Customer;
  token: string;
  id: number;
  /** "#<reference>": the number people read for it (decision 073). */
  number: string;
  total: number;
}

export interface SignedInCustomer {
  customer: Customer;
  token: string;
}

export async function newSignedInCustomer(label = 'admin-e2e'): Promise<SignedInCustomer> {
  const customer = await registerCustomer(createApiClient(), label);
  const { token } = await ok(createApiClient().POST('/auth/login', { body: { username: customer.email, password: customer.password } }));
  return { customer, token };
}

/** A new customer orders two items of the first service and checks out (cash, a week ahead). */
export async function customerWithOrder(label = 'admin-e2e'): Promise<PlacedOrder> {
  return placeOrder(await newSignedInCustomer(label));
}

/** This customer orders two items of the first service and checks out (cash unless said, a week ahead). */
export async function placeOrder({ customer, token }: SignedInCustomer, payment: 'cash' | 'card' = 'cash'): Promise<PlacedOrder> {
  const api = createApiClient(token);
  const [service] = await ok(api.GET('/home/services'));
  const { items } = await ok(api.GET('/services/get-items/{id}', { params: { path: { id: service!.id } } }));
  const order = await ok(
    api.POST('/services/order/new', { body: { service: service!.id, items: [{ id: items[0]!.id, quantity: 2 }, { id: items[1]!.id, quantity: 1 }] } }),
  );
  await checkoutAtFreeTime(api, order, {
    serviceId: service!.id, from: ukDay(7), address: '221B Baker Street', phone: '020 7946 0000',
    city: 'London', code_postal: 'NW1 6XE', client_note: '', payment,
  });
  const number = (await orderNameOf(api, order.id)).replace(/^order /, '');
  return { customer, token, id: order.id, number, total: order.total };
}

/** The customer cancels the order with a reason; answers the cancellation fee. */
export async function requestRefund(order: PlacedOrder, reason = 'Plans changed, sorry.'): Promise<number> {
  const result = await ok(
    createApiClient(order.token).POST('/services/refund-request/{id}', { params: { path: { id: order.id } }, body: { reason } }),
  );
  return result.fee;
}

export async function orderVersion(api: ApiClient, id: number): Promise<AdminOrder> {
  // Lists are paged (at most 100 rows a page): the newest first, page after page.
  for (let page = 1; ; page += 1) {
    const orders = await ok(api.GET('/admin/orders/', { params: { query: { sort: 'id', order: 'desc', limit: 100, page } } }));
    const found = orders.find((o) => o.id === id);
    if (found) return found;
    if (orders.length < 100) throw new Error(`order ${id} not in the admin list`);
  }
}
