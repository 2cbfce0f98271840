import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { officeBookingMachine } from '../../../../machines/office-booking.machine';
import { placeBookingActor, priceAtAddressActor } from '../../../api/office-bookings';
import { Card, Page } from '../../../components/ui';
import { inspect } from '../../../shared/inspector';
import { OfficeAddressStep } from './office-address-step';
import { OfficeBooked } from './office-booked';
import { OfficeCustomerStep } from './office-customer-step';
import { OfficeItemsStep } from './office-items-step';
import { OfficePaymentStep } from './office-payment-step';
import { OfficeTimeStep } from './office-time-step';
import './office-booking.css';

/**
 * /book-by-phone (issue 26 item 1, decision 047): staff book a caller. Thin: the office booking
 * machine holds the steps and the answers; each step renders its part of the snapshot and sends events.
 */
export function OfficeBookingPage() {
  const actorRef = useActorRef(officeBookingMachine.provide({ actors: { priceAtAddress: priceAtAddressActor, placeBooking: placeBookingActor } }), { inspect });
  const step = useSelector(actorRef, (s) => Object.values(s.getMeta()).find((meta) => meta?.step)?.step ?? 'Customer');
  const state = useSelector(actorRef, (s) => String(s.value));
  // The step's form is replaced on Next and Back: keyboard and screen reader users are taken to the new step's heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current !== step) heading.current?.focus();
    shown.current = step;
  }, [step]);
  return (
    <Page title="Book by phone">
      <Card as="section" className="office-booking" aria-labelledby="office-booking-step">
        <h2 ref={heading} id="office-booking-step" className="office-booking__step" tabIndex={-1}>{step}</h2>
        {state === 'customer' ? <OfficeCustomerStep actorRef={actorRef} /> : null}
        {state === 'items' ? <OfficeItemsStep actorRef={actorRef} /> : null}
        {state === 'address' || state === 'pricing' ? <OfficeAddressStep actorRef={actorRef} /> : null}
        {state === 'time' ? <OfficeTimeStep actorRef={actorRef} /> : null}
        {state === 'payment' || state === 'placing' || state === 'failed' ? <OfficePaymentStep actorRef={actorRef} /> : null}
        {state === 'placed' ? <OfficeBooked actorRef={actorRef} /> : null}
      </Card>
    </Page>
  );
}
