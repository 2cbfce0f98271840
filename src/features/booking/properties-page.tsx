import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { bookingMachine, type CartItem } from '../../../machines/booking.machine';
import { loadItemsActor } from '../../api/get-service-items';
import { getQuote } from '../../api/get-quote';
import { inspect } from '../../shared/inspector';
import { paths } from '../../shared/paths';
import { Alert, Button, LinkButton, Page, Spinner } from '../../components/ui';
import { useSession } from '../../shared/session';
import { emptyCheckoutForm, type CheckoutForm } from '../../../machines/checkout-form';
import { readDraft, saveDraft } from '../../lib/form-drafts';
import { readCartDraft, saveCartDraft, storeOrder } from '../../lib/stored-order';
import { orderFromQuoteActor, readQuoteDraft, saveQuoteDraft, useBookingQuote, useCartInQuote } from '../../shared/quote/booking-quote';
import { QuotePanel } from '../../shared/quote/quote-panel';
import { CartPanel } from './cart-panel';
import { ItemChecklist } from './item-checklist';
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
  return <QuotedBooking key={serviceId} serviceId={serviceId} />;
}

/**
 * Arriving with `?quote=` (Continue on /service/:id, through login or register): the quote's
 * choices become the user's drafts (cart and quote), the address drops the id, and the booking
 * starts from them, ticked as they were. A quote that has gone leaves the drafts as they were.
 */
function QuotedBooking({ serviceId }: { serviceId: number }) {
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
  return <ServiceBooking serviceId={serviceId} />;
}

function ServiceBooking({ serviceId }: { serviceId: number }) {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const owner = useSession().user?.id ?? null;
  // The cart kept from an earlier visit of this service's page (Back, Forward, reload).
  const [input] = useState(() => {
    const kept = readCartDraft(owner);
    return { serviceId, cart: kept?.serviceId === serviceId ? kept.cart : [] };
  });
  const [quoteChoices] = useState(() => readQuoteDraft(owner, serviceId));
  const quoteRef = useBookingQuote(owner, serviceId, quoteChoices);
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
  const loading = useSelector(actorRef, (s) => s.matches('loadingItems'));
  const loadError = useSelector(actorRef, (s) => (s.matches('loadFailed') ? s.context.error : null));
  const serviceName = useSelector(actorRef, (s) => s.context.serviceName);
  useCartInQuote(actorRef, quoteRef);

  return (
    <Page title={serviceName || 'Choose your items'} className="booking-page">
      <p className="booking-page__intro">Tick the rooms and tasks you need, then set how many of each.</p>
      {loading ? <Spinner label="Loading items" size="lg" /> : null}
      {loadError ? (
        <div className="booking-page__failure">
          <Alert variant="error">{loadError}</Alert>
          <div className="booking-actions">
            <LinkButton href={paths.services} variant="secondary">Back</LinkButton>
            <Button onPress={() => actorRef.send({ type: 'retry' })}>Try again</Button>
          </div>
        </div>
      ) : null}
      {!loading && !loadError ? (
        <>
          <div className="booking-layout">
            <ItemChecklist actorRef={actorRef} />
            <CartPanel actorRef={actorRef} quoteRef={quoteRef} />
          </div>
          <QuotePanel actorRef={quoteRef} withItems={false} withContinue={false} />
        </>
      ) : null}
    </Page>
  );
}

/** The quoted postcode starts the place-order form's Postcode (the price depends on it). */
function prefillPostcode(owner: number | null, postcode: string | null): void {
  const form = readDraft<CheckoutForm>('booking.form', owner);
  if (!postcode || form?.postcode) return;
  saveDraft('booking.form', owner, { ...emptyCheckoutForm, ...form, postcode });
}

const cartLines = (cart: readonly CartItem[]) => cart.map(({ id, quantity }) => ({ id, quantity }));
