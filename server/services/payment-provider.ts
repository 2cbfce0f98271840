/**
 * The seam for card payments. The reference server ships a test provider that hosts its own
 * payment page (as a provider's test mode does); a real provider implements the same interface.
 */
export interface PaymentRequest {
  orderId: number;
  amount: number;
  description: string;
  customerEmail: string;
}

export interface PaymentProvider {
  /** Starts a payment and answers the page to send the browser to (the checkout's `shippingInfo`). */
  createPayment(request: PaymentRequest): Promise<PaymentSession>;
}

export interface PaymentSession {
  /** The provider's reference of the payment; the order keeps it to recognise the payment later. */
  id: string;
  /** The page to send the browser to. */
  url: string;
}
