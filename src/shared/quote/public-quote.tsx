import { useActorRef } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { quoteMachine } from '../../../machines/quote.machine';
import { createQuoteActor } from '../../api/create-quote';
import { loadQuoteOptionsActor } from '../../api/get-quote-options';
import { inspect } from '../inspector';
import { paths } from '../paths';
import { QuotePanel } from './quote-panel';

/**
 * The live quote of /service/:id, for anyone. Continue carries the quote's id to /properties/:id
 * (`?quote=`): a visitor is sent through login or register with that redirect, and the booking page
 * ticks the quote's choices again (the quote, stored on the server, holds them).
 */
export function PublicQuote({ serviceId }: { serviceId: number }) {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const actorRef = useActorRef(
    quoteMachine.provide({
      actors: { loadOptions: loadQuoteOptionsActor, createQuote: createQuoteActor },
      actions: {
        continueWithQuote: ({ context }) => {
          if (context.quote) navigateRef.current(paths.properties(serviceId, context.quote.id));
        },
      },
    }),
    { input: { serviceId }, inspect },
  );
  return (
    <section className="service-detail__quote" aria-labelledby="quote-title">
      <h2 id="quote-title">Your price, instantly</h2>
      <p>Choose what you need: the price includes VAT, with no account needed.</p>
      <QuotePanel actorRef={actorRef} withItems withContinue />
    </section>
  );
}
