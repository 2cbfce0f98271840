import { Button } from '../../components/ui';
import { OrderCard } from './order-card';
import { mandateText } from '../../../domain/money/direct-debit';
import type { BookingSeries, MyOrder } from '../../../openapi/schema';

interface SeriesListProps {
  series: readonly BookingSeries[];
  /** The card's own buttons (Cancel, Reschedule, Pay now), as on every order. */
  card: (visit: MyOrder) => Omit<Parameters<typeof OrderCard>[0], 'order' | 'onSkip' | 'onUndo' | 'undoing' | 'headingLevel'>;
  onSkip: (visit: MyOrder) => void;
  onUndo: (visit: MyOrder) => void;
  /** The visit whose Undo is being saved. */
  undoingId: number | null;
  onCancelAll: (series: BookingSeries) => void;
  /** "Remove saved card" (decision 038): the card stops paying the visits; they wait for Pay now. */
  onRemoveCard: (series: BookingSeries) => void;
  /** The series whose card is being removed. */
  removingCardId: number | null;
}

/** My recurring bookings: each series under one heading with its visits and "End the series". */
export function SeriesList({ series, card, onSkip, onUndo, undoingId, onCancelAll, onRemoveCard, removingCardId }: SeriesListProps) {
  return (
    <>
      {series.map((one) => {
        const titleId = `series-${one.id}-title`;
        const name = `${one.frequencyName} ${one.service}`;
        return (
          <section key={one.id} className="my-series" aria-labelledby={titleId}>
            <header className="my-series__header">
              <h2 id={titleId} className="my-series__title">
                {name}, {one.time} (UK time)
              </h2>
              {one.active ? (
                <Button variant="secondary" aria-label={`End the series ${name}`} onPress={() => onCancelAll(one)}>
                  End the series
                </Button>
              ) : (
                <p className="my-series__ended">Ended: no more visits are planned</p>
              )}
            </header>
            {one.savedCard ? (
              <p className="my-series__card">
                Each visit is paid automatically with your saved card.{' '}
                <Button size="sm" variant="secondary" aria-label={`Remove saved card of ${name}`} isPending={removingCardId === one.id} onPress={() => onRemoveCard(one)}>
                  Remove saved card
                </Button>
              </p>
            ) : null}
            {one.directDebit ? <p className="my-series__card">{mandateText(one.directDebit)}</p> : null}
            {one.visits.length > 0 ? (
              <ul className="my-orders__list" aria-label={`Visits of ${name}`}>
                {one.visits.map((visit) => (
                  <li key={visit.id}>
                    <OrderCard {...card(visit)} order={visit} mandate={one.directDebit ?? null} onSkip={onSkip} onUndo={one.active ? onUndo : undefined} undoing={undoingId === visit.id} headingLevel={3} />
                  </li>
                ))}
              </ul>
            ) : (
              <p>No visits ahead.</p>
            )}
          </section>
        );
      })}
    </>
  );
}
