import { useActorRef } from '@xstate/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
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
import { markQuoteApplied, quoteAlreadyApplied, readCartDraft, saveCartDraft, storeOrder } from '../../lib/stored-order';
import { orderFromQuoteActor, readQuoteDraft, saveQuoteDraft, useBookingQuote, useCartInQuote, useQuoteChangesInBooking } from '../../shared/quote/booking-quote';
import { adoptTypedValues } from '../../components/ui/adopt-typed-values';
import { joinKeptChoices } from './join-kept-choices';
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
 * The page prerendered (issue 25 row 8) is a visitor's page: the items and an empty cart. It is
 * hydrated as the build made it, by the very booking that then runs (the same markup and machines):
 * what was ticked before start-up and the user's kept choices join it, and no element is ever
 * swapped under a finger. Opened from another page, the booking starts at once from the kept choices.
 */
function ArrivingBooking({ serviceId }: { serviceId: number }) {
  const hydrating = useHydrating();
  // Peeked, not taken: a render thrown away during hydration must find the same options again.
  const [arrived] = useState((): Arrived | null => {
    const read = peekPreloaded(getQuoteOptions, serviceId);
    return read?.kind === 'data' ? { options: read.data as QuoteOptions, revalidate: read.revalidate } : null;
  });
  const [fromHtml] = useState(() => hydrating && arrived !== null);
  useEffect(() => forgetPreloaded(getQuoteOptions, serviceId), [serviceId]);
  return <QuotedBooking serviceId={serviceId} arrived={arrived} fromHtml={fromHtml} />;
}

/**
 * Arriving with `?quote=` (Continue on /service/:id, through login or register): the quote's
 * choices become the user's drafts (cart and quote), the address drops the id, and the booking
 * starts from them, ticked as they were. A quote that has gone leaves the drafts as they were, and
 * so does one whose choices already started a booking here (it starts one booking only).
 * A page hydrated from the HTML shows its items meanwhile; the quote's choices join them after.
 */
function QuotedBooking({ serviceId, arrived, fromHtml }: { serviceId: number; arrived: Arrived | null; fromHtml: boolean }) {
  const [params, setParams] = useSearchParams();
  const quoteId = params.get('quote');
  const owner = useSession().user?.id ?? null;
  const hydrating = useHydrating();
  const location = useLocation();
  const [ready, setReady] = useState(!quoteId || fromHtml);
  const [quoted, setQuoted] = useState(!quoteId);
  useEffect(() => {
    if (!quoteId || owner === null) return;
    let live = true;
    // A quote starts one booking: once its choices were taken, the link opened again (an old tab,
    // history) starts a new booking as any other, one-off (decision 076).
    const used = quoteAlreadyApplied(quoteId);
    (used ? Promise.reject(new Error('used')) : getQuote(quoteId))
      .then((quote) => {
        if (!live || quote.service !== serviceId) return;
        markQuoteApplied(quoteId);
        saveCartDraft(owner, { serviceId, cart: quote.items, orderId: null });
        const choices = { items: quote.items, frequency: quote.frequency, extras: quote.extras, postcode: quote.postcode ?? '' };
        saveQuoteDraft(owner, { serviceId, choices });
      })
      .catch(() => undefined)
      .finally(() => {
        if (!live) return;
        setParams({}, { replace: true });
        setReady(true);
        setQuoted(true);
      });
    return () => {
      live = false;
    };
  }, [quoteId, owner, serviceId, setParams]);
  // A visitor with a quote has priced their choices on /service/:id: on to log in or register, and
  // back here with them (a first-time visitor's own booking page stays open to them, decision 080).
  if (quoteId && owner === null && !hydrating) return <Navigate to={paths.login(location.pathname + location.search)} replace />;
  if (!ready) {
    return (
      <Page title="Choose your items" className="booking-page">
        <Spinner label="Loading your choices" size="lg" />
      </Page>
    );
  }
  return <ServiceBooking serviceId={serviceId} arrived={arrived} fromHtml={fromHtml} draftsReady={quoted} />;
}

/**
 * The signed-in booking: the kept cart, the kept quote choices, drafts saved on every change.
 * Hydrated from the HTML (`fromHtml`) it starts as the HTML shows (no user, nothing ticked): the
 * taps made before start-up are adopted as taps (in the commit, before any other input), then the
 * kept choices join once `draftsReady` (a `?quote=` read on the way); drafts are saved from then on.
 */
function ServiceBooking({ serviceId, arrived, fromHtml, draftsReady }: { serviceId: number; arrived: Arrived | null; fromHtml: boolean; draftsReady: boolean }) {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const owner = useSession().user?.id ?? null;
  const hydrating = useHydrating();
  // Written only once the kept drafts are in the machines: before that they would be overwritten.
  const keeping = useRef(!fromHtml);
  // The cart kept from an earlier visit of this service's page (Back, Forward, reload).
  const [input] = useState(() => {
    const kept = fromHtml ? null : readCartDraft(owner);
    const cart = kept?.serviceId === serviceId ? kept.cart : [];
    return { serviceId, cart, ...(arrived ? { items: { serviceName: arrived.options.serviceName, items: arrived.options.items } } : {}) };
  });
  const [quoteChoices] = useState(() => (fromHtml ? undefined : readQuoteDraft(owner, serviceId)));
  const quoteRef = useBookingQuote(owner, serviceId, quoteChoices, arrived?.options ?? null, keeping);
  const actorRef = useActorRef(
    bookingMachine.provide({
      actors: { loadItems: loadItemsActor, createOrder: orderFromQuoteActor(quoteRef) },
      actions: {
        keepCart: ({ context }) => keeping.current && saveCartDraft(owner, { serviceId, cart: cartLines(context.cart), orderId: null }),
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
  useQuoteChangesInBooking(actorRef, quoteRef);
  const choicesRef = useRef<HTMLDivElement>(null);
  const adopted = useRef(!fromHtml);
  // A layout effect: it runs in hydration's commit, before the browser can deliver another tap.
  useLayoutEffect(() => {
    if (adopted.current) return;
    adopted.current = true;
    if (choicesRef.current) adoptTypedValues(choicesRef.current);
  }, []);
  // After the machines have started (their own effects come first), so the join sees their state;
  // a tap meanwhile is queued in the machine before the join's events, and wins.
  // A visitor (the HTML hydrated, then sent to log in) has nothing kept and reads nothing.
  useEffect(() => {
    if (keeping.current || !draftsReady || owner === null) return;
    joinKeptChoices(owner, serviceId, actorRef, quoteRef);
    keeping.current = true;
  }, [draftsReady, owner, serviceId, actorRef, quoteRef]);
  useEffect(() => {
    if (!arrived?.revalidate) return;
    let live = true;
    // The build's items and options shown meanwhile; the server prices every quote anyway.
    getServiceItems(serviceId).then((items) => live && actorRef.send({ type: 'items.update', items }), () => {});
    getQuoteOptions(serviceId).then((options) => live && quoteRef.send({ type: 'options.update', options }), () => {});
    return () => {
      live = false;
    };
  }, [actorRef, quoteRef, arrived, serviceId, owner]);

  // Signed out here after hydration: a first-time visitor (returning ones are sent to log in), decision 080.
  const visitor = owner === null && !hydrating;
  return <BookingView actorRef={actorRef} quoteRef={quoteRef} choicesRef={choicesRef} visitorOf={visitor ? serviceId : undefined} />;
}

/** The quoted postcode starts the place-order form's Postcode (the price depends on it). */
function prefillPostcode(owner: number | null, postcode: string | null): void {
  const form = readDraft<CheckoutForm>('booking.form', owner);
  if (!postcode || form?.postcode) return;
  saveDraft('booking.form', owner, { ...emptyCheckoutForm, ...form, postcode });
}

const cartLines = (cart: readonly CartItem[]) => cart.map(({ id, quantity }) => ({ id, quantity }));
