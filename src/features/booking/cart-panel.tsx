import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { bookingMachine } from '../../../machines/booking.machine';
import type { quoteMachine } from '../../../machines/quote.machine';
import { paths } from '../../shared/paths';
import { Alert, Button, Card, LinkButton } from '../../components/ui';
import { formatMoney } from '../../../domain/money/money';
import { QuantityField } from '../../components/quantity-field';

type BookingRef = ActorRefFrom<typeof bookingMachine>;
type QuoteRef = ActorRefFrom<typeof quoteMachine>;

/**
 * The chosen items with quantity controls, the total, Back and Next (disabled until an item is
 * chosen; a first-time visitor has no Next but registers or logs in below the price, decision 080). The total is the quote's (frequency discount, extras, Congestion Charge included), the
 * one price the order will cost: a sum of the items here would be a second total that disagrees
 * with the quote below it (issue 23 row 2).
 */
export function CartPanel({ actorRef, quoteRef, withNext = true }: { actorRef: BookingRef; quoteRef: QuoteRef; withNext?: boolean }) {
  const cart = useSelector(actorRef, (s) => s.context.cart);
  const quoted = useSelector(quoteRef, (s) => (s.matches({ choosing: 'quoted' }) ? s.context.quote : null));
  const canGoNext = useSelector(actorRef, (s) => s.can({ type: 'order.next' }));
  const creating = useSelector(actorRef, (s) => s.matches('creatingOrder'));
  const orderError = useSelector(actorRef, (s) => (s.matches('orderFailed') ? s.context.error : null));

  return (
    <Card as="section" className="cart-panel" aria-labelledby="cart-panel-title">
      <h2 id="cart-panel-title" className="booking-panel__title">Your cart</h2>
      {cart.length === 0 ? <p className="cart-panel__empty">No items chosen yet: tick an item to add it.</p> : null}
      <ul className="cart-panel__lines" aria-label="Chosen items">
        {cart.map((line) => (
          <li key={line.id} className="cart-line">
            <div className="cart-line__text">
              <span className="cart-line__name">{line.name}</span>
              <span className="cart-line__unit">{formatMoney(line.price)} each</span>
            </div>
            <QuantityField
              itemName={line.name}
              quantity={line.quantity}
              isDisabled={creating}
              onChange={(quantity) => actorRef.send({ type: 'items.setQuantity', itemId: line.id, quantity })}
            />
            <span className="cart-line__total">{formatMoney(line.price * line.quantity)}</span>
          </li>
        ))}
      </ul>
      <p className="cart-panel__total" aria-live="polite">
        <span>Total</span>{' '}
        {cart.length === 0 ? <strong data-testid="cart-total">{formatMoney(0)}</strong> : null}
        {cart.length > 0 && quoted ? <strong data-testid="cart-total">{formatMoney(quoted.total)}</strong> : null}
        {cart.length > 0 && !quoted ? <span className="cart-panel__pricing">Working out the price…</span> : null}
      </p>
      {orderError ? (
        <Alert variant="error">
          {orderError}{' '}
          <Button size="sm" variant="secondary" onPress={() => actorRef.send({ type: 'retry' })}>
            Try again
          </Button>
        </Alert>
      ) : null}
      <div className="booking-actions">
        <LinkButton href={paths.services} variant="secondary">Back</LinkButton>
        {withNext ? (
          <Button isDisabled={!canGoNext} isPending={creating} onPress={() => actorRef.send({ type: 'order.next' })}>
            {creating ? 'Creating order…' : 'Next'}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
