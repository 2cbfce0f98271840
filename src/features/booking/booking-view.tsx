import { useSelector } from '@xstate/react';
import type { Ref } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { bookingMachine } from '../../../machines/booking.machine';
import type { quoteMachine } from '../../../machines/quote.machine';
import { paths } from '../../shared/paths';
import { Alert, Button, LinkButton, Page, Spinner } from '../../components/ui';
import { QuotePanel } from '../../shared/quote/quote-panel';
import { CartPanel } from './cart-panel';
import { ItemChecklist } from './item-checklist';
import { BookAsVisitor } from './book-as-visitor';
import '../../styles/booking.css';

interface BookingViewProps {
  actorRef: ActorRefFrom<typeof bookingMachine>;
  quoteRef: ActorRefFrom<typeof quoteMachine>;
  /** The checklist, the cart and the quote's choices (where a tap before start-up lands). */
  choicesRef?: Ref<HTMLDivElement>;
  /** A first-time visitor's booking (decision 080): below the price, register or log in to book. */
  visitorOf?: number;
}

/** What /properties/:id shows of its booking and quote machines: the checklist, the cart, the price. */
export function BookingView({ actorRef, quoteRef, choicesRef, visitorOf }: BookingViewProps) {
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
        <div ref={choicesRef}>
          <div className="booking-layout">
            <ItemChecklist actorRef={actorRef} />
            <CartPanel actorRef={actorRef} quoteRef={quoteRef} withNext={visitorOf === undefined} />
          </div>
          <QuotePanel actorRef={quoteRef} withItems={false} withContinue={false} />
          {visitorOf !== undefined ? <BookAsVisitor serviceId={visitorOf} quoteRef={quoteRef} /> : null}
        </div>
      ) : null}
    </Page>
  );
}
