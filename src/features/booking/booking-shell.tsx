import { useActorRef } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { bookingMachine } from '../../../machines/booking.machine';
import { quoteMachine } from '../../../machines/quote.machine';
import type { QuoteOptions } from '../../../openapi/schema';
import { createQuoteActor } from '../../api/create-quote';
import { loadQuoteOptionsActor } from '../../api/get-quote-options';
import { adoptTypedValues } from '../../components/ui/adopt-typed-values';
import { BookingView } from './booking-view';

interface BookingShellProps {
  serviceId: number;
  /** The service's quote options built into the page: its items and prices. */
  options: QuoteOptions;
  /** Once hydrated, with the machine holding the items ticked before the app ran (and until the hand-over). */
  onStarted: (shell: ActorRefFrom<typeof bookingMachine>) => void;
}

/**
 * /properties/:id as the build prerenders it and the browser hydrates it (issue 25 row 8): a
 * visitor's page, the same for everyone, with the service's items and an empty cart, so a slow
 * phone can tick an item before the app runs and hydration matches the HTML whoever is signed in.
 * Once hydrated, what was ticked meanwhile is handed to this shell's machine as a tap made now
 * (adoptTypedValues), and the signed-in booking (kept cart, quote draft, drafts saved) is rendered
 * in its place in a transition (in slices, not one long task), then takes over this machine's
 * ticks, those made while it rendered included. No draft is read or written here: the HTML knows no user.
 */
export function BookingShell({ serviceId, options, onStarted }: BookingShellProps) {
  const layoutRef = useRef<HTMLDivElement>(null);
  const actorRef = useActorRef(bookingMachine, { input: { serviceId, items: { serviceName: options.serviceName, items: options.items } } });
  const quoteRef = useActorRef(quoteMachine.provide({ actors: { loadOptions: loadQuoteOptionsActor, createQuote: createQuoteActor } }), {
    input: { serviceId, options },
  });
  useEffect(() => {
    if (layoutRef.current) adoptTypedValues(layoutRef.current);
    onStarted(actorRef);
  }, [actorRef, onStarted]);
  return <BookingView actorRef={actorRef} quoteRef={quoteRef} layoutRef={layoutRef} />;
}
