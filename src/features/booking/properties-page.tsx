import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { bookingMachine, type CartItem } from '../../../machines/booking.machine';
import { createOrderActor } from '../../api/create-order';
import { loadItemsActor } from '../../api/get-service-items';
import { inspect } from '../../app/inspector';
import { paths } from '../../app/paths';
import { Alert, Button, LinkButton, Page, Spinner } from '../../components/ui';
import { useSession } from '../../app/session';
import { readCartDraft, saveCartDraft, storeOrder } from '../../lib/stored-order';
import { CartPanel } from './cart-panel';
import { ItemChecklist } from './item-checklist';
import './booking.css';

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
  return <ServiceBooking key={serviceId} serviceId={serviceId} />;
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
  const actorRef = useActorRef(
    bookingMachine.provide({
      actors: { loadItems: loadItemsActor, createOrder: createOrderActor },
      actions: {
        keepCart: ({ context }) => saveCartDraft(owner, { serviceId, cart: cartLines(context.cart), orderId: null }),
        storeOrder: ({ context }) => storeOrder(owner, serviceId, cartLines(context.cart), context.order),
        goToPlaceOrder: () => navigateRef.current(paths.placeOrder),
      },
    }),
    { input, inspect },
  );
  const loading = useSelector(actorRef, (s) => s.matches('loadingItems'));
  const loadError = useSelector(actorRef, (s) => (s.matches('loadFailed') ? s.context.error : null));
  const serviceName = useSelector(actorRef, (s) => s.context.serviceName);

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
        <div className="booking-layout">
          <ItemChecklist actorRef={actorRef} />
          <CartPanel actorRef={actorRef} />
        </div>
      ) : null}
    </Page>
  );
}

const cartLines = (cart: readonly CartItem[]) => cart.map(({ id, quantity }) => ({ id, quantity }));
