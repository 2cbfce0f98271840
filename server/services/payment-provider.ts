/**
 * The seam for card payments (docs/decisions/008-payments-through-a-provider.md). The server ships a
 * test provider that hosts its own payment page (as a provider's test mode does); a real provider
 * implements the same interface. Nothing here marks an order paid: only a notification the provider
 * signed does (services/payments.ts).
 */
export interface PaymentRequest {
  orderId: number;
  amount: number;
  description: string;
  customerEmail: string;
  /**
   * Sent to the provider so a repeated create answers the same payment (as real providers'
   * idempotency keys do): one payment per order, however many requests start it.
   */
  idempotencyKey: string;
  /**
   * The customer consented to pay a series' later visits with this card (decision 038): the payment
   * also saves the card with the provider, for charges without the customer (off session).
   */
  saveCard?: boolean;
}

export interface PaymentSession {
  /** The provider's reference of the payment; the order keeps it to recognise the payment later. */
  id: string;
  /** The page to send the browser to: a same-origin path (test provider) or the provider's https URL. */
  url: string;
}

/**
 * What a verified notification says: this payment of this order was paid, this amount; or a card was
 * declined or needs the customer's authentication (decision 034); or something the shop does not use.
 * `eventId`, when the provider numbers its notifications, makes each applied exactly once.
 */
export type PaymentNotification =
  | {
    type: 'payment.succeeded'; eventId?: string; paymentId: string; orderId: number; amount: number;
    /** The payment saved the card (saveCard): where to read which card it was (savedCardOf). */
    savedCardFrom?: string;
  }
  | { type: 'payment.failed'; eventId?: string; orderId: number; reason: PaymentFailure; detail: string | null }
  | { type: 'ignored'; eventId?: string };

export type PaymentFailure = 'declined' | 'authentication_required';

export interface IncomingNotification {
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as received: signatures cover the raw bytes. */
  body: string;
}

export interface RefundRequest {
  paymentId: string;
  amount: number;
  /** One refund per order, however often the decision is repeated. */
  idempotencyKey: string;
}

/** A card the provider keeps for the customer (decision 038): its references, never its number. */
export type { SavedCard } from '../repositories/saved-cards';
import type { SavedCard } from '../repositories/saved-cards';

export interface SavedCardCharge {
  card: SavedCard;
  amountPence: number;
  description: string;
  /** The order, and what the charge is for, in the provider's records. */
  metadata: Record<string, string>;
  /** The same key never charges twice (a rerun of the job, a retry after a crash). */
  idempotencyKey: string;
}

/** What charging a saved card without the customer gave: paid, or refused by the bank and why. */
export type SavedCardResult =
  | { status: 'paid'; paymentId: string; amountPence: number }
  | { status: 'failed'; reason: PaymentFailure; paymentId: string | null; detail: string | null };

export interface PaymentProvider {
  /** Shown in the audit trail ("order.paid" by …). */
  readonly name: string;
  /** Starts (or, with the same idempotency key, finds again) a payment and answers its page. */
  createPayment(request: PaymentRequest): Promise<PaymentSession>;
  /** Reads a notification; null when its signature does not verify (forged, altered or stale). */
  verifyNotification(notification: IncomingNotification): PaymentNotification | null;
  /**
   * Ends a payment page the order no longer awaits (cancelled, or replaced by a newer page): nobody
   * can pay it any more (decision 071). A page paid or ended already is left as it is. The test
   * provider leaves it out: its page asks the shop whether the order still awaits that payment.
   */
  expirePayment?(paymentId: string): Promise<void>;
  /** Gives money back on a paid payment; answers the provider's reference of the refund. */
  refund(request: RefundRequest): Promise<{ id: string; amount: number }>;
  /**
   * Saved cards (decision 038); a provider without them (the test provider) leaves these out, and a
   * series' later visits then wait for Pay now. `savedCardOf` reads the card a paid payment saved.
   */
  savedCardOf?(savedCardFrom: string): Promise<SavedCard | null>;
  /** Charges a saved card without the customer (off session); a refusal is an answer, not a throw. */
  chargeSavedCard?(charge: SavedCardCharge): Promise<SavedCardResult>;
  /** Detaches the card from the customer at the provider: it can never be charged again. */
  removeSavedCard?(card: SavedCard): Promise<void>;
}
