import { useActorRef, useSelector } from '@xstate/react';
import { useToast } from '../../shared/toasts';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isTrustedUrl, untrustedPaymentMessage } from '../../../machines/checkout.machine';
import { cancellationMachine } from '../../../machines/cancellation.machine';
import { myOrdersMachine, type ReasonDraft } from '../../../machines/my-orders.machine';
import { rescheduleMachine } from '../../../machines/reschedule.machine';
import { seriesMachine } from '../../../machines/series.machine';
import { waitlistOfferMachine } from '../../../machines/waitlist-offer.machine';
import { listMySeries } from '../../api/list-my-series';
import { removeSeriesCardActor } from '../../api/remove-series-card';
import { manageSeriesActor } from '../../api/manage-series';
import { rescheduleOrderActor } from '../../api/reschedule-order';
import { listMyOrders } from '../../api/list-my-orders';
import { checkoutWaitlistOfferActor, getWaitlistOfferActor, leaveWaitlistActor, listMyWaitlist } from '../../api/waitlist';
import { payOrderActor } from '../../api/pay-order';
import { trustedPaymentOrigins } from '../../lib/trusted-origins';
import { requestRefundActor } from '../../api/request-refund';
import { inspect } from '../../shared/inspector';
import { BOOKING_TERMS } from '../../../domain/terms/booking-terms';
import { paths } from '../../shared/paths';
import { useSession } from '../../shared/session';
import { forgetDraft, readDraft, saveDraft } from '../../lib/form-drafts';
import { useRequest } from '../../shared/use-request';
import { Alert, Button, LinkButton, Page, Spinner } from '../../components/ui';
import { CancelOrderDialog } from './cancel-order-dialog';
import { OrderCard } from './order-card';
import { RescheduleDialog } from './reschedule-dialog';
import { SeriesDialog } from './series-dialog';
import { SeriesList } from './series-list';
import { WaitlistList } from './waitlist-list';
import { WaitlistOfferDialog } from './waitlist-offer-dialog';
import { PAYMENT_NOT_COMPLETED } from './order-labels';
import './orders.css';
import type { MyOrder } from '../../../openapi/schema';
import { shownOrderName } from '../../../domain/orders/order-reference';

/** Orders per page; the server sends one page at a time (docs/decisions/011). */
const PAGE_SIZE = 10;

const doneMessage = (event: unknown): string => (event as { output?: { message?: string } }).output?.message ?? 'Saved';

/** Back from GoCardless's page (decision 093): `?direct_debit=set_up` or `pending`. */
const directDebitReturn = (value: string | null): 'set_up' | 'pending' | null => (value === 'set_up' || value === 'pending' ? value : null);

/** Back from the payment page's Cancel: `?payment=cancelled&order=12`. */
function useCancelledPayment(): number | null {
  const [params] = useSearchParams();
  const order = Number(params.get('order'));
  return params.get('payment') === 'cancelled' && Number.isInteger(order) && order > 0 ? order : null;
}

/**
 * `/profile-services`: my orders, each cancellable with a reason while the terms allow it; unpaid card
 * orders can be paid. The page's dialogs, its mailed links and its calls are one machine's
 * (machines/my-orders.machine.ts, decision 097); the page renders it and sends it events.
 */
export default function MyOrdersPage() {
  const [page, setPage] = useState(1);
  const orders = useRequest(listMyOrders, { auto: true, params: { limit: PAGE_SIZE, page } });
  const series = useRequest(listMySeries, { auto: true });
  const waitlist = useRequest(listMyWaitlist, { auto: true });
  const { retry: reloadOrders } = orders;
  const { retry: reloadSeries } = series;
  const { retry: reloadWaitlist } = waitlist;
  const reloadRef = useRef(() => {
    reloadOrders();
    reloadSeries();
    reloadWaitlist();
  });
  useEffect(() => {
    reloadRef.current = () => {
      reloadOrders();
      reloadSeries();
      reloadWaitlist();
    };
  }, [reloadOrders, reloadSeries, reloadWaitlist]);
  const showToast = useToast();
  const owner = useSession().user?.id ?? null;
  const cancelledPayment = useCancelledPayment();
  // The mailed links are read once, as the machine starts; the address keeps them, as it always has.
  const [searchParams] = useSearchParams();
  const [input] = useState(() => ({
    links: { move: searchParams.get('move'), offer: searchParams.get('offer'), held: searchParams.get('held'), directDebit: directDebitReturn(searchParams.get('direct_debit')) },
    draft: readDraft<ReasonDraft>('cancellation', owner),
    trustedOrigins: trustedPaymentOrigins(),
  }));

  const myOrders = useActorRef(
    myOrdersMachine.provide({
      actors: {
        getHeldOffer: getWaitlistOfferActor,
        payOrder: payOrderActor,
        removeSeriesCard: removeSeriesCardActor,
        leaveWaitlist: leaveWaitlistActor,
        waitlistOffer: waitlistOfferMachine.provide({
          actors: { getWaitlistOffer: getWaitlistOfferActor, checkoutWaitlistOffer: checkoutWaitlistOfferActor },
          actions: {
            // Card: on to the payment page and back to /success, as /placeorder. A page the site does not
            // trust is not opened: the booking waits on My orders with Pay now.
            goToPayment: (_, params) => {
              const page = params.answer.shippingInfo;
              if (page && isTrustedUrl(page, trustedPaymentOrigins())) return window.location.assign(page);
              showToast(untrustedPaymentMessage, 'error');
              reloadRef.current();
            },
            reloadOrders: () => reloadRef.current(),
          },
        }),
        cancellation: cancellationMachine.provide({
          actors: { requestRefund: requestRefundActor },
          actions: {
            keepReason: ({ context }) => saveDraft<ReasonDraft>('cancellation', owner, { orderId: context.orderId ?? 0, reason: context.reason }),
            forgetReason: () => forgetDraft('cancellation'),
            notifySent: () => showToast('Order refund sent successfully, we will contact you asap !', 'success'),
            reloadOrders: () => reloadRef.current(),
          },
        }),
        reschedule: rescheduleMachine.provide({
          actors: { rescheduleOrder: rescheduleOrderActor },
          actions: {
            notifyRescheduled: () => showToast('Booking rescheduled', 'success'),
            reloadOrders: () => reloadRef.current(),
          },
        }),
        series: seriesMachine.provide({
          actors: { manageSeries: manageSeriesActor },
          actions: {
            // The server's own words: "Visit skipped", a paid visit's "Visit skipped at no cost: £… is refunded to your card", "Visit booked again", "Series ended".
            notifyDone: ({ event }) => showToast(doneMessage(event), 'success'),
            reloadOrders: () => reloadRef.current(),
          },
        }),
      },
      actions: {
        notify: (_, { message, tone }) => showToast(message, tone),
        reloadLists: () => reloadRef.current(),
        goToPayment: (_, { url }) => window.location.assign(url),
      },
    }),
    { input, inspect },
  );
  const cancellation = useSelector(myOrders, (s) => s.children.cancellation)!;
  const reschedule = useSelector(myOrders, (s) => s.children.reschedule)!;
  const seriesMachineRef = useSelector(myOrders, (s) => s.children.series)!;
  const offer = useSelector(myOrders, (s) => s.children.waitlistOffer)!;
  const held = useSelector(myOrders, (s) => s.context.held);
  const removingCardId = useSelector(myOrders, (s) => s.context.removingCardId);
  const leavingId = useSelector(myOrders, (s) => s.context.leavingId);
  const payingId = useSelector(myOrders, (s) => (s.matches({ payment: 'opening' }) || s.matches({ payment: 'leaving' }) ? s.context.payingOrderId : null));
  const payFailure = useSelector(myOrders, (s) => (s.matches({ payment: 'failed' }) ? s.context : null));
  // Back from the payment page out of the browser's page cache: Pay now works again.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) myOrders.send({ type: 'payment.reset' });
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, [myOrders]);
  // The links and the kept reason name orders: the machine follows them once both lists are there.
  useEffect(() => {
    if (orders.data && series.data) myOrders.send({ type: 'lists.loaded', orders: [...orders.data.rows, ...series.data.flatMap((one) => one.visits)] });
  }, [orders.data, series.data, myOrders]);

  const undoingId = useSelector(seriesMachineRef, (s) => (s.matches('undoing') ? s.context.id : null));
  const allSeries = series.data ?? [];
  // A series's visits are listed under its heading (decision 021), not again among single orders.
  const list = (orders.data?.rows ?? []).filter((order) => order.series === undefined);
  const visits = allSeries.flatMap((one) => one.visits);
  const cardProps = (order: MyOrder) => ({
    onCancel: (chosen: MyOrder) => myOrders.send({ type: 'order.cancel', order: chosen }),
    onPay: (chosen: MyOrder) => myOrders.send({ type: 'order.pay', order: chosen }),
    paying: payingId === order.id,
    payError: payFailure?.payingOrderId === order.id ? payFailure.payError : null,
    onReschedule: (chosen: MyOrder) => myOrders.send({ type: 'order.reschedule', order: chosen }),
    onAccessNotesSaved: () => reloadRef.current(),
  });
  const pageCount = Math.max(1, Math.ceil((orders.data?.total ?? 0) / PAGE_SIZE));
  // Fewer orders than before (the last one on a page went elsewhere): stay within the pages there are.
  useEffect(() => {
    if (orders.data && page > pageCount) setPage(pageCount);
  }, [orders.data, page, pageCount]);
  const returnedTo = cancelledPayment !== null ? [...list, ...visits].find((order) => order.id === cancelledPayment) : undefined;
  // Back from the payment page: bring that order into view once the list is there.
  const returnedId = returnedTo?.id;
  useEffect(() => {
    if (returnedId !== undefined) document.getElementById(`order-${returnedId}`)?.scrollIntoView({ block: 'center' });
  }, [returnedId]);
  return (
    <Page title="My orders" className="my-orders">
      {orders.loading && !orders.data ? <Spinner label="Loading your orders" size="lg" /> : null}
      {orders.failed ? (
        <Alert variant="error">
          {orders.error}{' '}
          <Button size="sm" variant="secondary" onPress={orders.retry}>Try again</Button>
        </Alert>
      ) : null}
      {orders.data && orders.data.total === 0 ? (
        <div className="my-orders__empty">
          <p>There is no orders yet !</p>
          <LinkButton href={paths.services}>Book a service</LinkButton>
        </div>
      ) : null}
      {returnedTo && returnedTo.payment.status === 'awaiting_payment' ? (
        <Alert variant="info" className="my-orders__returned">
          <strong>{PAYMENT_NOT_COMPLETED}</strong> for {shownOrderName(returnedTo)} ({returnedTo.service}). It is kept: press Pay now on
          the order when you are ready.
        </Alert>
      ) : null}
      <WaitlistList entries={waitlist.data ?? []} leavingId={leavingId} onLeave={(entry) => myOrders.send({ type: 'waitlist.leave', entryId: entry.id })} />
      {allSeries.length > 0 ? (
        <SeriesList
          series={allSeries}
          card={cardProps}
          onSkip={(visit) => myOrders.send({ type: 'visit.skip', visit })}
          onUndo={(visit) => myOrders.send({ type: 'visit.undo', visit })}
          undoingId={undoingId}
          onCancelAll={(chosen) => myOrders.send({ type: 'series.cancel', series: chosen })}
          onRemoveCard={(chosen) => myOrders.send({ type: 'card.remove', seriesId: chosen.id })}
          removingCardId={removingCardId}
        />
      ) : null}
      {list.length > 0 ? (
        <>
          {/* The spec's note, word for word, then the rule it stands for (decision 032). */}
          <p className="my-orders__note">Note: The service cannot be canceled after 24 hours</p>
          <p className="my-orders__terms">{BOOKING_TERMS}</p>
          <ul className="my-orders__list" aria-label="Orders">
            {list.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} {...cardProps(order)} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {/* Shown even when this page's orders are all series visits (listed above): later pages stay reachable. */}
      {orders.data && orders.data.rows.length > 0 && pageCount > 1 ? (
        <nav className="my-orders__pages" aria-label="Order pages">
          <Button variant="secondary" size="sm" isDisabled={page <= 1} onPress={() => setPage(page - 1)}>
            Previous page
          </Button>
          <span aria-live="polite">
            Page {page} of {pageCount}
          </span>
          <Button variant="secondary" size="sm" isDisabled={page >= pageCount} onPress={() => setPage(page + 1)}>
            Next page
          </Button>
        </nav>
      ) : null}
      <CancelOrderDialog actorRef={cancellation} orders={[...list, ...visits]} />
      <RescheduleDialog actorRef={reschedule} orders={[...list, ...visits]} held={held} onWaitlistJoined={() => reloadRef.current()} />
      <SeriesDialog actorRef={seriesMachineRef} series={allSeries} />
      <WaitlistOfferDialog actorRef={offer} />
    </Page>
  );
}
