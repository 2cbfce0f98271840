import { useActorRef } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { bookingMachine, type CartItem, type CartLine } from '../../../machines/booking.machine';
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
  const [early, setEarly] = useState<CartLine[] | null>(() => (hydrating && arrived ? null : []));
  useEffect(() => forgetPreloaded(getQuoteOptions, serviceId), [serviceId]);
  if (early === null && arrived) return <BookingShell serviceId={serviceId} options={arrived.options} onStarted={setEarly} />;
  return <QuotedBooking serviceId={serviceId} arrived={arrived} early={early ?? []} />;
}

/**
 * Arriving with `?quote=` (Continue on /service/:id, through login or register): the quote's
 * choices become the user's drafts (cart and quote), the address drops the id, and the booking
 * starts from them, ticked as they were. A quote that has gone leaves the drafts as they were.
 */
function QuotedBooking({ serviceId, arrived, early }: { serviceId: number; arrived: Arrived | null; early: CartLine[] }) {
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
  return <ServiceBooking serviceId={serviceId} arrived={arrived} early={early} />;
}

/**
 * The signed-in booking: the kept cart (with the items ticked before start-up added), the kept
 * quote choices, drafts saved on every change.
 */
function ServiceBooking({ serviceId, arrived, early }: { serviceId: number; arrived: Arrived | null; early: CartLine[] }) {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const owner = useSession().user?.id ?? null;
  // The cart kept from an earlier visit of this service's page (Back, Forward, reload).
  const [input] = useState(() => {
    const kept = readCartDraft(owner);
    const cart = withEarlyTicks(kept?.serviceId === serviceId ? kept.cart : [], early);
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
    // A tap before start-up is kept like any other (Back, reload).
    if (early.length > 0) saveCartDraft(owner, { serviceId, cart: cartLines(actorRef.getSnapshot().context.cart), orderId: null });
    if (!arrived?.revalidate) return;
    let live = true;
    // The build's items and options shown meanwhile; the server prices every quote anyway.
    getServiceItems(serviceId).then((items) => live && actorRef.send({ type: 'items.update', items }), () => {});
    getQuoteOptions(serviceId).then((options) => live && quoteRef.send({ type: 'options.update', options }), () => {});
    return () => {
      live = false;
    };
  }, [actorRef, quoteRef, arrived, early, owner, serviceId]);

  return <BookingView actorRef={actorRef} quoteRef={quoteRef} />;
}

/** The kept cart, and each item ticked before start-up that it does not hold yet. */
function withEarlyTicks(kept: CartLine[], early: CartLine[]): CartLine[] {
  return [...kept, ...early.filter((line) => !kept.some((keptLine) => keptLine.id === line.id))];
}

/** The quoted postcode starts the place-order form's Postcode (the price depends on it). */
function prefillPostcode(owner: number | null, postcode: string | null): void {
  const form = readDraft<CheckoutForm>('booking.form', owner);
  if (!postcode || form?.postcode) return;
  saveDraft('booking.form', owner, { ...emptyCheckoutForm, ...form, postcode });
}

const cartLines = (cart: readonly CartItem[]) => cart.map(({ id, quantity }) => ({ id, quantity }));
