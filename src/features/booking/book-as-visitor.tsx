import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { quoteMachine } from '../../../machines/quote.machine';
import { withRedirect } from '../../../domain/site/login-redirect';
import { paths } from '../../shared/paths';
import { Card, LinkButton } from '../../components/ui';

/**
 * Below the price on /properties/:id for a first-time visitor (decision 080): "Create an account or
 * log in to book", both as buttons of one size. Either comes back to this booking with the priced
 * choices (`?quote=`, which the booking page ticks again once signed in).
 */
export function BookAsVisitor({ serviceId, quoteRef }: { serviceId: number; quoteRef: ActorRefFrom<typeof quoteMachine> }) {
  const quoteId = useSelector(quoteRef, (s) => (s.matches({ choosing: 'quoted' }) ? (s.context.quote?.id ?? null) : null));
  const back = paths.properties(serviceId, quoteId ?? undefined);
  return (
    <Card as="section" className="book-as-visitor" aria-labelledby="book-as-visitor-title">
      <h2 id="book-as-visitor-title" className="booking-panel__title">Create an account or log in to book</h2>
      <p>Your price needs no account. To book it, create one (it takes a minute) or log in: your choices come with you.</p>
      <div className="booking-actions book-as-visitor__actions">
        <LinkButton href={withRedirect(paths.register, back)} size="lg">Create an account</LinkButton>
        <LinkButton href={paths.login(back)} size="lg">Log in</LinkButton>
      </div>
    </Card>
  );
}
