import { describe, expect, it } from 'vitest';
import { settleCancellation } from '../../../domain/money/cancellation-settlement';

/**
 * Decision 065: an accepted cancellation credits a paid order down to the fee it keeps and refunds
 * the rest of what was paid, so nothing stays due on it — a staff charge made before it included.
 * The balance after (total − paid + refunded, credit and refund applied) is checked to be zero.
 */
const balanceAfter = (totals: { total: number; paid: number; refunded: number }, fee: number) => {
  const settled = settleCancellation(totals, fee);
  return totals.total - settled.credit - totals.paid + totals.refunded + settled.refund;
};

describe('settleCancellation', () => {
  it('a staff charge not paid yet is credited with the booking: a free cancellation refunds what was paid and keeps nothing', () => {
    // £100 paid at checkout, a £20 staff charge unpaid, cancelled free.
    expect(settleCancellation({ total: 12_000, paid: 10_000, refunded: 0 }, 0)).toEqual({ fee: 0, credit: 12_000, refund: 10_000, owed: 0 });
    expect(balanceAfter({ total: 12_000, paid: 10_000, refunded: 0 }, 0)).toBe(0);
  });

  it('a late cancellation keeps its fee out of the payment, the unpaid charge credited', () => {
    expect(settleCancellation({ total: 12_000, paid: 10_000, refunded: 0 }, 3_600)).toEqual({ fee: 3_600, credit: 8_400, refund: 6_400, owed: 0 });
  });

  it('a charge paid before the cancellation is refunded with the booking, less the fee', () => {
    expect(settleCancellation({ total: 12_000, paid: 12_000, refunded: 0 }, 3_600)).toEqual({ fee: 3_600, credit: 8_400, refund: 8_400, owed: 0 });
  });

  it('never keeps more than the money held: a fee larger than what was paid and not given back is kept only in part', () => {
    expect(settleCancellation({ total: 40_000, paid: 10_000, refunded: 0 }, 12_000)).toEqual({ fee: 10_000, credit: 30_000, refund: 0, owed: 0 });
    expect(settleCancellation({ total: 8_000, paid: 10_000, refunded: 8_000 }, 3_000)).toEqual({ fee: 2_000, credit: 6_000, refund: 0, owed: 0 });
    expect(balanceAfter({ total: 40_000, paid: 10_000, refunded: 0 }, 12_000)).toBe(0);
  });

  it('never keeps more than the order costs: a staff credit below the fee refunds the rest, a credit whose refund failed included', () => {
    // £100 paid, a £80 staff credit whose refund the provider has not made, a £30 fee asked before it.
    expect(settleCancellation({ total: 2_000, paid: 10_000, refunded: 0 }, 3_000)).toEqual({ fee: 2_000, credit: 0, refund: 8_000, owed: 0 });
    expect(balanceAfter({ total: 2_000, paid: 10_000, refunded: 0 }, 3_000)).toBe(0);
  });

  it('an order nothing was paid for owes its fee as a line (decisions 032, 070): its price credited, nothing refunded', () => {
    expect(settleCancellation({ total: 12_000, paid: 0, refunded: 0 }, 3_600)).toEqual({ fee: 3_600, credit: 12_000, refund: 0, owed: 3_600 });
    // A late rescheduling's fee already owed stays owed beside the cancellation's.
    expect(settleCancellation({ total: 15_600, fees: 3_600, paid: 0, refunded: 0 }, 4_680)).toEqual({ fee: 4_680, credit: 12_000, refund: 0, owed: 4_680 });
  });

  it('an order nothing was paid for, cancelled free, is left as it is', () => {
    expect(settleCancellation({ total: 12_000, paid: 0, refunded: 0 }, 0)).toEqual({ fee: 0, credit: 0, refund: 0, owed: 0 });
  });

  it('a second settlement of a settled order changes nothing', () => {
    // After the free cancellation above: total 0, paid £100, refunded £100.
    expect(settleCancellation({ total: 0, paid: 10_000, refunded: 10_000 }, 0)).toEqual({ fee: 0, credit: 0, refund: 0, owed: 0 });
  });
});
