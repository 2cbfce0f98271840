import type { components } from '../../openapi/schema';

type OrderSummary = components['schemas']['OrderSummary'];

/** localStorage key of the order between /properties and /placeorder (SPEC 3, 9). */
export const storedOrderKey = 'myService';

/** The order created on /properties, so /placeorder survives a reload; null when absent or unreadable. */
export function readStoredOrder(): OrderSummary | null {
  try {
    const raw = localStorage.getItem(storedOrderKey);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<OrderSummary> | null;
    // Anything else under the key (a hand edit, an older app) is not an order to pay.
    if (!value || typeof value.id !== 'number' || typeof value.name !== 'string' || typeof value.total !== 'number') return null;
    if (!Array.isArray(value.items)) return null;
    return value as OrderSummary;
  } catch {
    return null;
  }
}

export function storeOrder(order: OrderSummary | null): void {
  if (order) localStorage.setItem(storedOrderKey, JSON.stringify(order));
}

export function forgetStoredOrder(): void {
  localStorage.removeItem(storedOrderKey);
}
