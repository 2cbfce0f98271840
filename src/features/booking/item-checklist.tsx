import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { bookingMachine } from '../../../machines/booking.machine';
import { Card, Checkbox } from '../../components/ui';
import { formatMoney } from '../../../domain/money/money';

type BookingRef = ActorRefFrom<typeof bookingMachine>;

/** The service's items, each a checkbox with its price: ticking adds it to the cart with quantity 1. */
export function ItemChecklist({ actorRef }: { actorRef: BookingRef }) {
  const items = useSelector(actorRef, (s) => s.context.items);
  const chosen = useSelector(actorRef, (s) => s.context.cart.map((line) => line.id).join(','));
  const busy = useSelector(actorRef, (s) => s.matches('creatingOrder'));
  const chosenIds = new Set(chosen.split(',').filter(Boolean).map(Number));

  return (
    <Card as="section" className="item-checklist" aria-labelledby="item-checklist-title">
      <h2 id="item-checklist-title" className="booking-panel__title">Items</h2>
      {items.length === 0 ? <p>This service has no items to book yet.</p> : null}
      <ul className="item-checklist__list">
        {items.map((item) => (
          <li key={item.id} className="item-checklist__item">
            <Checkbox
              isSelected={chosenIds.has(item.id)}
              isDisabled={busy}
              onChange={() => actorRef.send({ type: 'items.toggle', itemId: item.id })}
              className="item-checklist__checkbox"
            >
              <span className="item-checklist__name">{item.name}</span>
              <span className="item-checklist__price">{formatMoney(item.price)}</span>
            </Checkbox>
          </li>
        ))}
      </ul>
    </Card>
  );
}
