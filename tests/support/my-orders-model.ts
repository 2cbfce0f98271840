import { fromPromise } from 'xstate';
import { cancellationMachine } from '../../machines/cancellation.machine';
import { myOrdersMachine, type MyOrdersInput } from '../../machines/my-orders.machine';
import { rescheduleMachine } from '../../machines/reschedule.machine';
import { seriesMachine } from '../../machines/series.machine';
import { waitlistOfferMachine } from '../../machines/waitlist-offer.machine';

/**
 * The My orders machine's model (tests/machines/my-orders.machine.test.ts). Its actors and its
 * children's never settle: each path delivers the done and error events itself. One order (7) is
 * in the lists; a link may name it or another (9). The links and the page's calls are independent
 * regions, so each has its own events: together they would walk every combination of the two.
 */
const never = <T>() => fromPromise<T, any>(() => new Promise<T>(() => {}));

export const TRUSTED = 'https://shop.example';
export const ORDER = { id: 7, cancellation: { allowed: true, fee: 0 }, reschedule: { allowed: true, fee: 0 }, visits: [], active: true, skipped: true };
export const heldFor = (orderId: number) => ({ order_id: orderId, date: '2099-06-02', time: '10:30', due: '2099-06-02T09:30:00.000Z', held_until: '2099-06-01T09:30:00.000Z', service: 'Home cleaning', total: 50, contact: null });

export const myOrdersModel = {
  machine: myOrdersMachine.provide({
    actors: {
      getHeldOffer: never(),
      payOrder: never(),
      removeSeriesCard: never(),
      leaveWaitlist: never(),
      cancellation: cancellationMachine.provide({ actors: { requestRefund: never() } }),
      reschedule: rescheduleMachine.provide({ actors: { rescheduleOrder: never() } }),
      series: seriesMachine.provide({ actors: { manageSeries: never() } }),
      waitlistOffer: waitlistOfferMachine.provide({ actors: { getWaitlistOffer: never(), checkoutWaitlistOffer: never() } }),
    },
  }),
  /** The links, the kept reason and the cards' buttons that open dialogs. */
  linkEvents: {
    listsLoaded: { type: 'lists.loaded', orders: [ORDER] },
    cancel: { type: 'order.cancel', order: ORDER },
    reschedule: { type: 'order.reschedule', order: ORDER },
    skip: { type: 'visit.skip', visit: ORDER },
    undo: { type: 'visit.undo', visit: ORDER },
    endSeries: { type: 'series.cancel', series: ORDER },
    heldHere: { type: 'xstate.done.actor.getHeldOffer', output: heldFor(7) },
    heldElsewhere: { type: 'xstate.done.actor.getHeldOffer', output: heldFor(9) },
    heldGone: { type: 'xstate.error.actor.getHeldOffer', error: new Error('This offer has expired') },
  },
  /** The page's one-press calls: Pay now, Remove saved card, Leave. */
  callEvents: {
    pay: { type: 'order.pay', order: ORDER },
    payReset: { type: 'payment.reset' },
    removeCard: { type: 'card.remove', seriesId: 3 },
    leave: { type: 'waitlist.leave', entryId: 5 },
    payPage: { type: 'xstate.done.actor.payOrder', output: `${TRUSTED}/pay/7` },
    payPageUntrusted: { type: 'xstate.done.actor.payOrder', output: 'https://elsewhere.example/pay/7' },
    payFailed: { type: 'xstate.error.actor.payOrder', error: new Error('Network Error') },
    cardRemoved: { type: 'xstate.done.actor.removeSeriesCard', output: undefined },
    cardNotRemoved: { type: 'xstate.error.actor.removeSeriesCard', error: new Error('Network Error') },
    left: { type: 'xstate.done.actor.leaveWaitlist', output: { message: 'You have left the waiting list' } },
    notLeft: { type: 'xstate.error.actor.leaveWaitlist', error: new Error('Network Error') },
  },
};

export const inputOf = (links: Partial<MyOrdersInput['links']> = {}, draft: MyOrdersInput['draft'] = null): MyOrdersInput => ({
  links: { move: null, offer: null, held: null, ...links },
  draft,
  trustedOrigins: [TRUSTED],
});
