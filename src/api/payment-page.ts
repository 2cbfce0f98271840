/**
 * The payment page the server names (`shippingInfo`) as an absolute URL: the test provider's is a
 * same-origin path, resolved against the address the site was opened at (127.0.0.1, localhost, a LAN
 * address), so it is always trusted; a real provider's is already absolute.
 */
export function paymentPageUrl(shippingInfo: string | undefined): string | undefined {
  if (!shippingInfo) return shippingInfo;
  try {
    return new URL(shippingInfo, window.location.href).href;
  } catch {
    return shippingInfo;
  }
}
