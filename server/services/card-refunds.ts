import type { Database } from '../db/database';
import { HttpError } from '../lib/http-error';
import { ledgerRepository } from '../repositories/ledger';
import { ledgerTotals, type LedgerLine } from '../../domain/money/ledger';
import { toPence, toPounds, type Pence } from '../../domain/money/money';
import type { PaymentProvider } from './payment-provider';

export const PROVIDER_REFUND_FAILED_MESSAGE =
  'The refund is accepted, but the payment provider has not refunded the money yet: accept it again to retry';

export interface CardRefundDeps {
  db: Database;
  payments: PaymentProvider | null;
  now: Date;
}

/** One provider refund to make: how much of which payment line, under which key. */
export interface RefundPart {
  payment: LedgerLine;
  amount: Pence;
  idempotencyKey: string;
}

/**
 * Splits a refund over the order's card payments (decision 045): an order paid at checkout and
 * again for a late fee holds its money in two provider payments, and neither can give back more
 * than it took. Refunds so far are counted against the payments in the order they were made, as
 * they are made, so the split is a function of the ledger alone. Each part's key names the payment
 * line and what that payment had given back before it: two requests that read the same ledger ask
 * for the same refund (the provider answers it once, the ledger records it once), and a refund after
 * a newer one has its own key. Never more than was paid and not yet refunded.
 */
export function refundParts(orderId: number, lines: readonly LedgerLine[], wanted: Pence): RefundPart[] {
  const payments = lines.filter((line) => line.kind === 'payment' && line.reference !== null);
  let refundedBefore = ledgerTotals(lines).refunded;
  let left = wanted;
  const parts: RefundPart[] = [];
  for (const payment of payments) {
    const given = Math.min(payment.amount, refundedBefore);
    refundedBefore -= given;
    const amount = Math.min(payment.amount - given, left);
    if (amount <= 0) continue;
    parts.push({ payment, amount, idempotencyKey: `refund-order-${orderId}-payment-${payment.id}-after-${given}` });
    left -= amount;
  }
  return parts;
}

/**
 * Gives back through the provider what the ledger owes the customer (minus its balance due), at
 * most `cap` pence, each part a `refund` line of the ledger (once per provider reference). What is
 * owed is read from the same ledger the parts are split from: a refund that another request made
 * meanwhile is not owed any more, so two requests never give back the same money twice. Call
 * outside any transaction: the provider is called. Answers what was refunded and the provider's references; 502 when the provider
 * could not refund (the parts done stay recorded, and asking again refunds the rest).
 */
export async function refundCardPayments(
  deps: CardRefundDeps, orderId: number, cap: Pence,
  /** Written with each new refund line (pence), in its transaction (a cancellation's Total Refound). */
  onRefunded?: (tx: Database, refund: { id: string; amount: Pence }) => Promise<void>,
): Promise<{ amount: Pence; ids: string[] }> {
  const ledger = ledgerRepository(deps.db);
  const lines = await ledger.forOrder(orderId);
  const parts = refundParts(orderId, lines, Math.min(cap, -ledgerTotals(lines).balanceDue));
  if (parts.length === 0) return { amount: 0, ids: [] };
  if (!deps.payments) throw new HttpError(502, PROVIDER_REFUND_FAILED_MESSAGE);
  const done = { amount: 0, ids: [] as string[] };
  for (const part of parts) {
    let refunded;
    try {
      refunded = await deps.payments.refund({ paymentId: part.payment.reference!, amount: toPounds(part.amount), idempotencyKey: part.idempotencyKey });
    } catch {
      throw new HttpError(502, PROVIDER_REFUND_FAILED_MESSAGE);
    }
    const provider = deps.payments;
    // The provider answers pounds, as it was asked (payment-provider.ts).
    const amount = toPence(refunded.amount);
    await deps.db.transaction(async (tx) => {
      const added = await ledgerRepository(tx).add({
        orderId, kind: 'refund', name: 'Card refund', amount, vatPercent: null,
        reference: refunded.id, actorId: null, actor: provider.name, at: deps.now,
      });
      // A refund another request recorded already is counted once.
      if (added && onRefunded) await onRefunded(tx, { id: refunded.id, amount });
    });
    done.amount += amount;
    done.ids.push(refunded.id);
  }
  return done;
}
