import { useActorRef, useSelector } from '@xstate/react';
import { useToast } from '../../shared/toasts';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isTrustedUrl, untrustedPaymentMessage } from '../../../machines/checkout.machine';
import { cancellationMachine } from '../../../machines/cancellation.machine';
import { rescheduleMachine } from '../../../machines/reschedule.machine';
import { seriesMachine } from '../../../machines/series.machine';
import { waitlistOfferMachine } from '../../../machines/waitlist-offer.machine';
import { listMySeries } from '../../api/list-my-series';
import { removeSeriesCard } from '../../api/remove-series-card';
import { manageSeriesActor } from '../../api/manage-series';
import { rescheduleOrderActor } from '../../api/reschedule-order';
import { listMyOrders } from '../../api/list-my-orders';
import { checkoutWaitlistOfferActor, getWaitlistOffer, getWaitlistOfferActor, leaveWaitlist, listMyWaitlist } from '../../api/waitlist';
import { payOrder } from '../../api/pay-order';
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
import type { MyOrder, WaitlistOffer } from '../../../openapi/schema';
import { shownOrderName } from '../../../domain/orders/order-reference';

interface ReasonDraft {
  orderId: number;
  reason: string;
}

/** Orders per page; the server sends one page at a time (docs/decisions/011). */
const PAGE_SIZE = 10;

const doneMessage = (event: unknown): string => (event as { output?: { message?: string } }).output?.message ?? 'Saved';

/**
 * Pay now: asks the server for the order's payment page (the same payment each time) and goes there
 * when its address is one the site trusts. The state is per order, shown on its card.
 */
function usePayNow() {
  const [state, setState] = useState<{ orderId: number; error: string | null } | null>(null);
  // Back from the payment page out of the browser's page cache: Pay now works again.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) setState(null);
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);
  const pay = async (order: MyOrder) => {
    setState({ orderId: order.id, error: null });
    try {
      const url = await payOrder(order.id);
      if (!isTrustedUrl(url, trustedPaymentOrigins())) {
        setState({ orderId: order.id, error: untrustedPaymentMessage });
        return;
      }
      window.location.assign(url);
    } catch (error) {
      setState({ orderId: order.id, error: error instanceof Error ? error.message : 'Network Error' });
    }
  };
  return { pay, payingId: state && state.error === null ? state.orderId : null, errorOf: (id: number) => (state?.orderId === id ? state.error : null) };
}

/** Back from the payment page's Cancel: `?payment=cancelled&order=12`. */
function useCancelledPayment(): number | null {
  const [params] = useSearchParams();
  const order = Number(params.get('order'));
  return params.get('payment') === 'cancelled' && Number.isInteger(order) && order > 0 ? order : null;
}

/** `/profile-services`: my orders, each cancellable with a reason while the terms allow it; unpaid card orders can be paid. */
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
  const payNow = usePayNow();
  const cancelledPayment = useCancelledPayment();
  const [removingCardId, setRemovingCardId] = useState<number | null>(null);
  // One press, one answer: no flow to model (decision 038); the list is read again either way.
  const removeCard = async (seriesId: number) => {
    setRemovingCardId(seriesId);
    try {
      await removeSeriesCard(seriesId);
      showToast('Saved card removed: each visit now waits for Pay now', 'success');
    } catch (error) {
      showToast(error instanceof Error ? error.message : 'Network Error', 'error');
    } finally {
      setRemovingCardId(null);
      reloadRef.current();
    }
  };

  const [leavingId, setLeavingId] = useState<number | null>(null);
  // One press, one answer (as removing a card): the lists are read again either way.
  const leave = async (entryId: number) => {
    setLeavingId(entryId);
    try {
      showToast((await leaveWaitlist(entryId)).message, 'success');
    } catch (error) {
      showToast(error instanceof Error ? error.message : 'Network Error', 'error');
    } finally {
      setLeavingId(null);
      reloadRef.current();
    }
  };

  const offer = useActorRef(
    waitlistOfferMachine.provide({
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
    { inspect },
  );

  const cancellation = useActorRef(
    cancellationMachine.provide({
      actors: { requestRefund: requestRefundActor },
      actions: {
        keepReason: ({ context }) => saveDraft<ReasonDraft>('cancellation', owner, { orderId: context.orderId ?? 0, reason: context.reason }),
        forgetReason: () => forgetDraft('cancellation'),
        notifySent: () =>
          showToast('Order refund sent successfully, we will contact you asap !', 'success'),
        reloadOrders: () => reloadRef.current(),
      },
    }),
    { inspect },
  );

  const reschedule = useActorRef(
    rescheduleMachine.provide({
      actors: { rescheduleOrder: rescheduleOrderActor },
      actions: {
        notifyRescheduled: () => showToast('Booking rescheduled', 'success'),
        reloadOrders: () => reloadRef.current(),
      },
    }),
    { inspect },
  );

  const seriesMachineRef = useActorRef(
    seriesMachine.provide({
      actors: { manageSeries: manageSeriesActor },
      actions: {
        // The server's own words: "Visit skipped", a paid visit's "Visit skipped at no cost: £… is refunded to your card", "Visit booked again", "Series ended".
        notifyDone: ({ event }) => showToast(doneMessage(event), 'success'),
        reloadOrders: () => reloadRef.current(),
      },
    }),
    { inspect },
  );

  // A closure's mailed link (decision 048): ?move=<order id>.<signature> opens that order's dialog, once.
  const [searchParams] = useSearchParams();
  const moveToken = searchParams.get('move');
  const moveOpened = useRef(false);
  useEffect(() => {
    if (moveOpened.current || !moveToken || !orders.data || !series.data) return;
    const orderId = Number(moveToken.split('.')[0]);
    const order = [...orders.data.rows, ...series.data.flatMap((one) => one.visits)].find((candidate) => candidate.id === orderId);
    moveOpened.current = true;
    if (order) reschedule.send({ type: 'dialog.open', order, move: moveToken });
    else showToast('This link is for a booking that is not in your list: see your orders below', 'error');
  }, [moveToken, orders.data, series.data, reschedule, showToast]);

  // A waiting list's mailed offer (decision 056): ?offer=<token> opens its dialog, once.
  const offerToken = searchParams.get('offer');
  const offerOpened = useRef(false);
  useEffect(() => {
    if (offerOpened.current || !offerToken) return;
    offerOpened.current = true;
    offer.send({ type: 'offer.open', token: offerToken });
  }, [offerToken, offer]);

  // A time held for a booked visit (decision 067): ?held=<token> opens its reschedule dialog at that time, once.
  const heldToken = searchParams.get('held');
  const heldOpened = useRef(false);
  const [held, setHeld] = useState<WaitlistOffer | null>(null);
  useEffect(() => {
    if (heldOpened.current || !heldToken || !orders.data || !series.data) return;
    heldOpened.current = true;
    const candidates = [...orders.data.rows, ...series.data.flatMap((one) => one.visits)];
    getWaitlistOffer(heldToken).then(
      (offered) => {
        const order = candidates.find((candidate) => candidate.id === offered.order_id);
        if (!order) return showToast('This link is for a booking that is not in your list: see your orders below', 'error');
        setHeld(offered);
        reschedule.send({ type: 'dialog.open', order });
        reschedule.send({ type: 'date.change', value: offered.date });
        reschedule.send({ type: 'time.change', value: offered.time });
      },
      // Expired, used or withdrawn: the server's words.
      (error: unknown) => showToast(error instanceof Error ? error.message : 'Network Error', 'error'),
    );
  }, [heldToken, orders.data, series.data, reschedule, showToast]);

  const undoingId = useSelector(seriesMachineRef, (s) => (s.matches('undoing') ? s.context.id : null));
  const allSeries = series.data ?? [];
  // A series's visits are listed under its heading (decision 021), not again among single orders.
  const list = (orders.data?.rows ?? []).filter((order) => order.series === undefined);
  const visits = allSeries.flatMap((one) => one.visits);
  const cardProps = (order: MyOrder) => ({
    onCancel: (chosen: MyOrder) => cancellation.send({ type: 'dialog.open', order: chosen }),
    onPay: (chosen: MyOrder) => void payNow.pay(chosen),
    paying: payNow.payingId === order.id,
    payError: payNow.errorOf(order.id),
    onReschedule: (chosen: MyOrder) => reschedule.send({ type: 'dialog.open', order: chosen }),
    onAccessNotesSaved: () => reloadRef.current(),
  });
  const pageCount = Math.max(1, Math.ceil((orders.data?.total ?? 0) / PAGE_SIZE));
  // Fewer orders than before (the last one on a page went elsewhere): stay within the pages there are.
  useEffect(() => {
    if (orders.data && page > pageCount) setPage(pageCount);
  }, [orders.data, page, pageCount]);
  // A reason typed before the session expired: the dialog opens again with it, once.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || !orders.data) return;
    restored.current = true;
    const kept = readDraft<ReasonDraft>('cancellation', owner);
    const order = kept && [...orders.data.rows, ...visits].find((candidate) => candidate.id === kept.orderId);
    if (!kept || !order) return;
    cancellation.send({ type: 'dialog.open', order });
    cancellation.send({ type: 'reason.change', value: kept.reason });
  }, [orders.data, owner, cancellation, visits]);
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
      <WaitlistList entries={waitlist.data ?? []} leavingId={leavingId} onLeave={(entry) => void leave(entry.id)} />
      {allSeries.length > 0 ? (
        <SeriesList
          series={allSeries}
          card={cardProps}
          onSkip={(visit) => seriesMachineRef.send({ type: 'visit.skip', visit })}
          onUndo={(visit) => seriesMachineRef.send({ type: 'visit.undo', visit })}
          undoingId={undoingId}
          onCancelAll={(chosen) => seriesMachineRef.send({ type: 'series.cancel', series: chosen })}
          onRemoveCard={(chosen) => void removeCard(chosen.id)}
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
