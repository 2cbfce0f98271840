import { useActorRef, useSelector } from '@xstate/react';
import { useToast } from '../../shared/toasts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useNavigate } from 'react-router-dom';
import { checkoutMachine } from '../../../machines/checkout.machine';
import { availabilityMachine } from '../../../machines/availability.machine';
import { addressPriceMachine } from '../../../machines/address-price.machine';
import { getAddressPriceActor } from '../../api/get-address-price';
import { loadAvailabilityActor } from '../../api/get-availability';
import { SLOT_TAKEN_MESSAGE } from '../../../domain/capacity/availability-text';
import { londonDate } from '../../../domain/time/london-time';
import { earliestBookableStart } from '../../../domain/terms/booking-notice';
import type { CheckoutForm } from '../../../machines/checkout-form';
import { checkoutActor } from '../../api/checkout-order';
import { inspect } from '../../shared/inspector';
import { paths } from '../../shared/paths';
import { Alert, LinkButton, Page } from '../../components/ui';
import { useSession } from '../../shared/session';
import { readDraft, saveDraft } from '../../lib/form-drafts';
import { forgetBooking, readCartDraft, readStoredOrder } from '../../lib/stored-order';
import { PlaceOrderForm } from './place-order-form';
import { OrderSummaryPanel } from './order-summary-panel';
import { trustedPaymentOrigins } from '../../lib/trusted-origins';
import type { BookedState } from '../../lib/booked-order';
import '../../styles/booking.css';

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
        goToSuccess: ({ context }, { reference }) => {
          const booked: BookedState = {
            reference,
            service: context.order?.name ?? '',
            date: context.form.date,
            time: context.form.time,
            total: context.confirmedTotal ?? context.order?.total ?? 0,
          };
          navigateRef.current(paths.success, { state: { booked } });
        },
        goToPayment: (_, { url }) => window.location.assign(url),
      },
    }),
    { input, inspect },
  );
  // The typed postcode's answer (issue 36 row 4): served or not, and the order's price there.
  const addressRef = useActorRef(addressPriceMachine.provide({ actors: { getAddressPrice: getAddressPriceActor } }), {
    input: { order: input.order?.id ?? null, postcode: input.form?.postcode ?? '' },
    inspect,
  });
  const postcode = useSelector(actorRef, (s) => s.context.form.postcode);
  useEffect(() => {
    addressRef.send({ type: 'postcode.change', postcode });
  }, [postcode, addressRef]);
  const addressPrice = useSelector(addressRef, (s) => s.context.answer?.price ?? null);
  const noOrder = useSelector(actorRef, (s) => s.matches('noOrder'));
  const blocked = useSelector(actorRef, (s) => (s.matches('paymentBlocked') ? s.context.error : null));
  // The order as priced for the address: as the postcode was answered, or as the checkout named a
  // new price (until the form changes). Both are the server's figures.
  const priceChange = useSelector(actorRef, (s) => s.context.priceChange?.priceChanged ?? null);
  const atAddress = priceChange ?? addressPrice;
  const shownOrder = input.order && atAddress ? { ...input.order, total: atAddress.total, vat: atAddress.vat, lines: atAddress.lines } : input.order;

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
        {input.serviceId ? (
          <WithAvailability checkoutRef={actorRef} serviceId={input.serviceId} duration={input.order?.duration_minutes} form={input.form}>
            {(availabilityRef, firstDay) => (
              <PlaceOrderForm actorRef={actorRef} addressRef={addressRef} availabilityRef={availabilityRef} firstDay={firstDay} backHref={paths.properties(input.serviceId!)} />
            )}
          </WithAvailability>
        ) : (
          // Without the service (an order kept from elsewhere) Date and Time are plain typed fields.
          <PlaceOrderForm actorRef={actorRef} addressRef={addressRef} availabilityRef={null} firstDay="" backHref={paths.services} />
        )}
        {shownOrder ? <OrderSummaryPanel order={shownOrder} /> : null}
      </div>
    </Page>
  );
}

/** The availability machine of the order's service, for as long as the form shows. */
function WithAvailability({ checkoutRef, serviceId, duration, form, children }: {
  checkoutRef: ActorRefFrom<typeof checkoutMachine>;
  serviceId: number;
  duration: number | undefined;
  form: CheckoutForm | null;
  children: (availabilityRef: ActorRefFrom<typeof availabilityMachine>, firstDay: string) => ReactNode;
}) {
  const [firstDay] = useState(() => londonDate(earliestBookableStart(new Date())));
  const availabilityRef = useActorRef(availabilityMachine.provide({ actors: { loadAvailability: loadAvailabilityActor } }), {
    input: {
      serviceId,
      ...(duration ? { duration } : {}),
      firstDay,
      ...(form?.date ? { date: form.date } : {}),
      ...(form?.time ? { time: form.time } : {}),
      ...(form?.postcode ? { postcode: form.postcode } : {}),
    },
    inspect,
  });
  // The times shown are asked for the address's postcode area, as the checkout will check them.
  const postcode = useSelector(checkoutRef, (s) => s.context.form.postcode);
  useEffect(() => {
    availabilityRef.send({ type: 'postcode.change', postcode });
  }, [postcode, availabilityRef]);
  // Someone else took the last team first (409): the times are loaded again, the form is kept.
  const slotTaken = useSelector(checkoutRef, (s) => s.matches('submitFailed') && s.context.error === SLOT_TAKEN_MESSAGE);
  useEffect(() => {
    if (slotTaken) availabilityRef.send({ type: 'times.reload' });
  }, [slotTaken, availabilityRef]);
  return <>{children(availabilityRef, firstDay)}</>;
}
