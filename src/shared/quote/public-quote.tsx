import { useActorRef } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { quoteMachine } from '../../../machines/quote.machine';
import type { QuoteOptions } from '../../../openapi/schema';
import { createQuoteActor } from '../../api/create-quote';
import { getQuoteOptions, loadQuoteOptionsActor } from '../../api/get-quote-options';
import { adoptTypedValues } from '../../components/ui/adopt-typed-values';
import { inspect } from '../inspector';
import { paths } from '../paths';
import { forgetPreloaded, peekPreloaded } from '../preload';
import { QuotePanel } from './quote-panel';

/**
 * The live quote of /service/:id, for anyone. Continue carries the quote's id to /properties/:id
 * (`?quote=`): a visitor is sent through login or register with that redirect, and the booking page
 * ticks the quote's choices again (the quote, stored on the server, holds them).
 *
 * The options come with the page (prerendered, issue 25 row 8): the items are in the first HTML, a
 * slow phone can tick one before the app runs, and that tick is handed to the machine at start-up
 * as if made now. The prerendered options are then read again (prices may have been edited since
 * the build).
 */
export function PublicQuote({ serviceId }: { serviceId: number }) {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  const sectionRef = useRef<HTMLElement>(null);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  // Peeked, not taken: a render thrown away during hydration must find the same options again.
  const [preloaded] = useState(() => peekPreloaded(getQuoteOptions, serviceId));
  const actorRef = useActorRef(
    quoteMachine.provide({
      actors: { loadOptions: loadQuoteOptionsActor, createQuote: createQuoteActor },
      actions: {
        continueWithQuote: ({ context }) => {
          if (context.quote) navigateRef.current(paths.properties(serviceId, context.quote.id));
        },
      },
    }),
    { input: { serviceId, options: preloaded?.kind === 'data' ? (preloaded.data as QuoteOptions) : null }, inspect },
  );
  useEffect(() => {
    forgetPreloaded(getQuoteOptions, serviceId);
    if (sectionRef.current) adoptTypedValues(sectionRef.current);
    if (preloaded?.kind !== 'data' || !preloaded.revalidate) return;
    let live = true;
    getQuoteOptions(serviceId).then(
      (options) => live && actorRef.send({ type: 'options.update', options }),
      // The prerendered options stay; the server prices every quote anyway.
      () => {},
    );
    return () => {
      live = false;
    };
  }, [actorRef, preloaded, serviceId]);
  return (
    <section ref={sectionRef} className="service-detail__quote" aria-labelledby="quote-title">
      <h2 id="quote-title">Your price, instantly</h2>
      <p>Choose what you need: the price includes VAT, with no account needed.</p>
      <QuotePanel actorRef={actorRef} withItems withContinue />
    </section>
  );
}
