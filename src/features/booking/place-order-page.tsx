import { useActorRef, useSelector } from '@xstate/react';
import { useToast } from '../../app/toasts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { checkoutMachine } from '../../../machines/checkout.machine';
import { checkoutActor } from '../../api/checkout-order';
import { inspect } from '../../app/inspector';
import { paths } from '../../app/paths';
import { Alert, LinkButton, Page } from '../../components/ui';
import { forgetStoredOrder, readStoredOrder } from '../../lib/stored-order';
import { PlaceOrderForm } from './place-order-form';
import { OrderSummaryPanel } from './order-summary-panel';
import { trustedPaymentOrigins } from './trusted-origins';
import './booking.css';

/** `/placeorder`: address, time and payment for the order kept under `myService`; resumes after a reload. */
export default function PlaceOrderPage() {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const showToast = useToast();
  const [input] = useState(() => ({ order: readStoredOrder(), trustedOrigins: trustedPaymentOrigins() }));

  const actorRef = useActorRef(
    checkoutMachine.provide({
      actors: { checkout: checkoutActor },
      actions: {
        forgetOrder: () => forgetStoredOrder(),
        notifyPaid: () => showToast('Payment was successfully !', 'success'),
        goHome: () => navigateRef.current(paths.landing),
        goToPayment: (_, { url }) => window.location.assign(url),
      },
    }),
    { input, inspect },
  );
  const noOrder = useSelector(actorRef, (s) => s.matches('noOrder'));
  const blocked = useSelector(actorRef, (s) => (s.matches('paymentBlocked') ? s.context.error : null));

  if (noOrder) {
    return (
      <Page title="Place your order" width="narrow">
        <Alert variant="info">There is no order to place yet. Choose a service and its items first.</Alert>
        <LinkButton href={paths.services}>Choose a service</LinkButton>
      </Page>
    );
  }
  return (
    <Page title="Place your order" className="booking-page">
      <p className="booking-page__intro">Tell us where and when, then choose how to pay.</p>
      {blocked ? <Alert variant="error">{blocked}</Alert> : null}
      <div className="booking-layout booking-layout--checkout">
        <PlaceOrderForm actorRef={actorRef} />
        {input.order ? <OrderSummaryPanel order={input.order} /> : null}
      </div>
    </Page>
  );
}
