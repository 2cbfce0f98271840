import { apiBaseUrl } from '../api/client';

/**
 * Where a card checkout may send the browser (the answer's `shippingInfo`): the site's own origin,
 * the API's, and any listed in VITE_PAYMENT_ORIGINS (comma-separated, e.g. a real provider's page).
 */
export function trustedPaymentOrigins(): string[] {
  const site = window.location.origin;
  const configured = String(import.meta.env.VITE_PAYMENT_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  return [...new Set([site, new URL(apiBaseUrl, site).origin, ...configured])];
}
