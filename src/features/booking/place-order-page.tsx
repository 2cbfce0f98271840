import { useActorRef, useSelector } from '@xstate/react';
import { useToast } from '../../app/toasts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { checkoutMachine } from '../../../machines/checkout.machine';
import type { CheckoutForm } from '../../../machines/checkout-form';
import { checkoutActor } from '../../api/checkout-order';
import { inspect } from '../../app/inspector';
import { paths } from '../../app/paths';
import { Alert, LinkButton, Page } from '../../components/ui';
import { useSession } from '../../app/session';
import { readDraft, saveDraft } from '../../lib/form-drafts';
import { forgetBooking, readCartDraft, readStoredOrder } from '../../lib/stored-order';
import { PlaceOrderForm } from './place-order-form';
import { OrderSummaryPanel } from './order-summary-panel';
import { trustedPaymentOrigins } from './trusted-origins';
import type { BookedState } from '../../lib/booked-order';
import './booking.css';

/** `/placeorder`: address, time and payment for the order kept under `myService`; resumes after a reload. */
export default function PlaceOrderPage() {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const showToast = useToast();
  const owner = useSession().user?.id ?? null;
  const [input] = useState(() => ({
    order: readStoredOrder(owner),
    trustedOrigins: trustedPaymentOrigins(),
    form: readDraft<CheckoutForm>('booking.form', owner),
    serviceId: readCartDraft(owner)?.serviceId ?? null,
  }));

  const actorRef = useActorRef(
    checkoutMachine.provide({
      actors: { checkout: checkoutActor },
      actions: {
        keepForm: ({ context }) => saveDraft('booking.form', owner, context.form),
        forgetOrder: () => forgetBooking(),
        notifyPaid: () => showToast('Payment was successfully !', 'success'),
        goToSuccess: ({ context }) => {
          const booked: BookedState = {
            reference: context.order?.id ?? 0,
            service: context.order?.name ?? '',
            date: context.form.date,
            time: context.form.time,
            total: context.order?.total ?? 0,
          };
          navigateRef.current(paths.success, { state: { booked } });
        },
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
        <PlaceOrderForm actorRef={actorRef} backHref={input.serviceId ? paths.properties(input.serviceId) : paths.services} />
        {input.order ? <OrderSummaryPanel order={input.order} /> : null}
      </div>
    </Page>
  );
}
