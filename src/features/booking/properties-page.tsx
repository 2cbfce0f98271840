import { useActorRef } from '@xstate/react';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { bookingMachine, type CartItem } from '../../../machines/booking.machine';
import type { QuoteOptions } from '../../../openapi/schema';
import { getServiceItems, loadItemsActor } from '../../api/get-service-items';
import { getQuoteOptions } from '../../api/get-quote-options';
import { getQuote } from '../../api/get-quote';
import { inspect } from '../../shared/inspector';
import { paths } from '../../shared/paths';
import { Alert, LinkButton, Page, Spinner } from '../../components/ui';
import { forgetPreloaded, peekPreloaded } from '../../shared/preload';
import { useHydrating } from '../../shared/use-hydrating';
import { useSession } from '../../shared/session';
import { emptyCheckoutForm, type CheckoutForm } from '../../../machines/checkout-form';
import { readDraft, saveDraft } from '../../lib/form-drafts';
import { readCartDraft, saveCartDraft, storeOrder } from '../../lib/stored-order';
import { orderFromQuoteActor, readQuoteDraft, saveQuoteDraft, useBookingQuote, useCartInQuote } from '../../shared/quote/booking-quote';
import { BookingShell } from './booking-shell';
import { BookingView } from './booking-view';
import '../../styles/booking.css';

/** `/properties/:id`: choose items and quantities of one service, then Next creates the order. */
export default function PropertiesPage() {
  const { id = '' } = useParams();
  const serviceId = Number(id);
  if (!/^\d+$/.test(id) || serviceId < 1) {
    return (
      <Page title="Service not found">
        <Alert variant="error">There is no such service.</Alert>
        <LinkButton href={paths.services} variant="secondary">Back to services</LinkButton>
      </Page>
    );
  }
  // A new service id is a new booking: remount, so a fresh machine loads its items.
  return <ArrivingBooking key={serviceId} serviceId={serviceId} />;
}

type BookingRef = ActorRefFrom<typeof bookingMachine>;

/** The service's items and prices the page arrived with (built into it, or read on the way). */
interface Arrived {
  options: QuoteOptions;
  /** Built at build time: read again, prices may have changed since. */
  revalidate: boolean;
}

/**
 * The page prerendered (issue 25 row 8) is hydrated as the build made it (BookingShell: the items,
 * an empty cart), then the signed-in booking takes over with what was ticked before start-up.
 * Opened from another page, the booking starts at once, from the options if already read.
 */
function ArrivingBooking({ serviceId }: { serviceId: number }) {
  const hydrating = useHydrating();
  // Peeked, not taken: a render thrown away during hydration must find the same options again.
  const [arrived] = useState((): Arrived | null => {
    const read = peekPreloaded(getQuoteOptions, serviceId);
    return read?.kind === 'data' ? { options: read.data as QuoteOptions, revalidate: read.revalidate } : null;
  });
  const [fromShell] = useState(() => hydrating && arrived !== null);
  const [shell, setShell] = useState<BookingRef | null>(null);
  // The signed-in booking renders in slices while the hydrated shell stays usable.
  const handOver = useCallback((ref: BookingRef) => startTransition(() => setShell(ref)), []);
  useEffect(() => forgetPreloaded(getQuoteOptions, serviceId), [serviceId]);
  if (fromShell && arrived && !shell) return <BookingShell serviceId={serviceId} options={arrived.options} onStarted={handOver} />;
  return <QuotedBooking serviceId={serviceId} arrived={arrived} shell={shell} />;
}

/**
 * Arriving with `?quote=` (Continue on /service/:id, through login or register): the quote's
 * choices become the user's drafts (cart and quote), the address drops the id, and the booking
 * starts from them, ticked as they were. A quote that has gone leaves the drafts as they were.
 */
function QuotedBooking({ serviceId, arrived, shell }: { serviceId: number; arrived: Arrived | null; shell: BookingRef | null }) {
  const [params, setParams] = useSearchParams();
  const quoteId = params.get('quote');
  const owner = useSession().user?.id ?? null;
  const [ready, setReady] = useState(!quoteId);
  useEffect(() => {
    if (!quoteId) return;
    let live = true;
    getQuote(quoteId)
      .then((quote) => {
        if (!live || quote.service !== serviceId) return;
        saveCartDraft(owner, { serviceId, cart: quote.items, orderId: null });
        const choices = { items: quote.items, frequency: quote.frequency, extras: quote.extras, postcode: quote.postcode ?? '' };
        saveQuoteDraft(owner, { serviceId, choices });
      })
      .catch(() => undefined)
      .finally(() => {
        if (!live) return;
        setParams({}, { replace: true });
        setReady(true);
      });
    return () => {
      live = false;
    };
  }, [quoteId, owner, serviceId, setParams]);
  if (!ready) {
    return (
      <Page title="Choose your items" className="booking-page">
        <Spinner label="Loading your choices" size="lg" />
      </Page>
    );
  }
  return <ServiceBooking serviceId={serviceId} arrived={arrived} shell={shell} />;
}

/**
 * The signed-in booking: the kept cart, the kept quote choices, drafts saved on every change; the
 * items ticked in the hydrated shell (before start-up, or while this rendered) are ticked here too.
 */
function ServiceBooking({ serviceId, arrived, shell }: { serviceId: number; arrived: Arrived | null; shell: BookingRef | null }) {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const owner = useSession().user?.id ?? null;
  // The cart kept from an earlier visit of this service's page (Back, Forward, reload).
  const [input] = useState(() => {
    const kept = readCartDraft(owner);
    const cart = kept?.serviceId === serviceId ? kept.cart : [];
    return { serviceId, cart, ...(arrived ? { items: { serviceName: arrived.options.serviceName, items: arrived.options.items } } : {}) };
  });
  const [quoteChoices] = useState(() => readQuoteDraft(owner, serviceId));
  const quoteRef = useBookingQuote(owner, serviceId, quoteChoices, arrived?.options ?? null);
  const actorRef = useActorRef(
    bookingMachine.provide({
      actors: { loadItems: loadItemsActor, createOrder: orderFromQuoteActor(quoteRef) },
      actions: {
        keepCart: ({ context }) => saveCartDraft(owner, { serviceId, cart: cartLines(context.cart), orderId: null }),
        storeOrder: ({ context }) => {
          storeOrder(owner, serviceId, cartLines(context.cart), context.order);
          prefillPostcode(owner, quoteRef.getSnapshot().context.quote?.postcode ?? null);
        },
        goToPlaceOrder: () => navigateRef.current(paths.placeOrder),
      },
    }),
    { input, inspect },
  );
  useCartInQuote(actorRef, quoteRef);
  useEffect(() => {
    // As taps made now (kept in the cart draft like any other); an item ticked here already stays.
    for (const line of shell?.getSnapshot().context.cart ?? []) {
      if (actorRef.getSnapshot().context.cart.some(({ id }) => id === line.id)) continue;
      actorRef.send({ type: 'items.toggle', itemId: line.id });
      if (line.quantity !== 1) actorRef.send({ type: 'items.setQuantity', itemId: line.id, quantity: line.quantity });
    }
  }, [actorRef, shell]);
  useEffect(() => {
    if (!arrived?.revalidate) return;
    let live = true;
    // The build's items and options shown meanwhile; the server prices every quote anyway.
    getServiceItems(serviceId).then((items) => live && actorRef.send({ type: 'items.update', items }), () => {});
    getQuoteOptions(serviceId).then((options) => live && quoteRef.send({ type: 'options.update', options }), () => {});
    return () => {
      live = false;
    };
  }, [actorRef, quoteRef, arrived, serviceId]);

  return <BookingView actorRef={actorRef} quoteRef={quoteRef} />;
}

/** The quoted postcode starts the place-order form's Postcode (the price depends on it). */
function prefillPostcode(owner: number | null, postcode: string | null): void {
  const form = readDraft<CheckoutForm>('booking.form', owner);
  if (!postcode || form?.postcode) return;
  saveDraft('booking.form', owner, { ...emptyCheckoutForm, ...form, postcode });
}

const cartLines = (cart: readonly CartItem[]) => cart.map(({ id, quantity }) => ({ id, quantity }));
