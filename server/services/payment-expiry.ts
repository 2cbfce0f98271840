import type { Database } from '../db/database';
import { ledgerRepository } from '../repositories/ledger';
import type { PaymentProvider } from './payment-provider';

/**
 * The order stopped awaiting these pages (cancelled, or a newer page replaced them): they are
 * expired at the provider so nobody can pay them any more. Call after the commit. A page paid
 * meanwhile cannot be expired, and its payment arrives as a late one; a provider that cannot be
 * reached leaves the page open, which is safe for the same reason: nothing is thrown.
 */
export async function expirePayments(deps: { db: Database; payments: PaymentProvider | null }, orderId: number, refs: ReadonlyArray<string | null>): Promise<void> {
  const provider = deps.payments;
  if (!provider?.expirePayment) return;
  const paid = new Set((await ledgerRepository(deps.db).forOrder(orderId)).filter((line) => line.kind === 'payment').map((line) => line.reference));
  for (const ref of new Set(refs)) {
    if (ref === null || paid.has(ref)) continue;
    try {
      await provider.expirePayment(ref);
    } catch {
      // Left open: a payment on it is recorded and refunded as a late one.
    }
  }
}
