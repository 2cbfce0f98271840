import { useSelector } from '@xstate/react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import type { ActorRefFrom } from 'xstate';
import type { quoteMachine } from '../../../machines/quote.machine';
import { Alert, Button, Card, Checkbox, Spinner, TextField } from '../../components/ui';
import { formatMoney } from '../../../domain/money/money';
import { notCoveredDistrict } from '../../../domain/site/service-area-text';
import { QuantityField } from '../../components/quantity-field';
import { ExtrasField } from './extras-field';
import { QuoteTotal } from './quote-total';
import '../../styles/booking.css';
import './quote-panel.css';

type QuoteRef = ActorRefFrom<typeof quoteMachine>;

interface QuotePanelProps {
  actorRef: QuoteRef;
  /** The items checklist (on /service/:id); /properties/:id has its own with the cart. */
  withItems: boolean;
  /** Continue (on /service/:id): on to booking with these choices. */
  withContinue: boolean;
}

/**
 * The live quote: items, how often, extras and bigger rooms, the postcode, and the price the
 * server gave for exactly these choices (`Total £X (includes VAT £Y)`). A screen of the quote
 * machine: it sends events and shows the snapshot, no rule of its own.
 */
export function QuotePanel({ actorRef, withItems, withContinue }: QuotePanelProps) {
  const loading = useSelector(actorRef, (s) => s.matches('loadingOptions'));
  const loadError = useSelector(actorRef, (s) => (s.matches('loadFailed') ? s.context.error : null));
  const options = useSelector(actorRef, (s) => s.context.options);
  const choices = useSelector(actorRef, (s) => s.context.choices);
  // "We don't cover M1 yet" is the postcode's answer: shown by it as soon as the quote is refused,
  // gone at its first edit (issue 36 row 4); a failed state is left by every change.
  const refusal = useSelector(actorRef, (s) => (s.matches({ choosing: 'failed' }) && notCoveredDistrict(s.context.error) ? s.context.error : null));
  if (loading) return <Spinner label="Loading prices" />;
  if (loadError || !options) {
    return (
      <Alert variant="error">
        {loadError ?? 'Prices are not available'}{' '}
        <Button size="sm" variant="secondary" onPress={() => actorRef.send({ type: 'retry' })}>Try again</Button>
      </Alert>
    );
  }
  const chosenItem = (id: number) => choices.items.find((choice) => choice.id === id);

  return (
    <div className="quote-panel">
      {withItems ? (
        <Card as="section" className="item-checklist" aria-labelledby="quote-items-title">
          <h2 id="quote-items-title" className="booking-panel__title">Items and prices</h2>
          <ul className="item-checklist__list">
            {options.items.map((item) => (
              <li key={item.id} className="item-checklist__item quote-panel__line">
                <Checkbox
                  isSelected={Boolean(chosenItem(item.id))}
                  onChange={() => actorRef.send({ type: 'items.toggle', itemId: item.id })}
                  className="item-checklist__checkbox"
                >
                  <span className="item-checklist__name">{item.name}</span>
                  <span className="item-checklist__price">{formatMoney(item.price)}</span>
                </Checkbox>
                {chosenItem(item.id) ? (
                  <QuantityField
                    itemName={item.name}
                    quantity={chosenItem(item.id)!.quantity}
                    onChange={(quantity) => actorRef.send({ type: 'items.setQuantity', itemId: item.id, quantity })}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      <Card as="section" className="quote-panel__choices" aria-labelledby="quote-choices-title">
        <h2 id="quote-choices-title" className="booking-panel__title">Your price</h2>
        <RadioGroup
          value={choices.frequency}
          onChange={(frequency) => actorRef.send({ type: 'frequency.choose', frequency })}
          className="payment-choice"
        >
          <Label className="field__label">How often</Label>
          <div className="payment-choice__options">
            {options.frequencies.map((frequency) => (
              <Radio key={frequency.code} value={frequency.code} className="payment-choice__option">
                <span className="payment-choice__dot" aria-hidden="true" />
                <span className="payment-choice__text">
                  <span className="payment-choice__label">{frequency.name}</span>
                  <span className="payment-choice__detail">{frequency.discountPercent > 0 ? `${frequency.discountPercent}% off` : 'Once'}</span>
                </span>
              </Radio>
            ))}
          </div>
        </RadioGroup>
        <ExtrasField
          extras={options.extras}
          chosen={choices.extras}
          onToggle={(extraId) => actorRef.send({ type: 'extras.toggle', extraId })}
          onSetQuantity={(extraId, quantity) => actorRef.send({ type: 'extras.setQuantity', extraId, quantity })}
        />
        <TextField
          label="Postcode of the property"
          description={`The Congestion Charge (${formatMoney(options.congestionCharge)}) is added inside the zone.`}
          value={choices.postcode}
          autoComplete="postal-code"
          errorMessage={refusal}
          onChange={(postcode) => actorRef.send({ type: 'postcode.change', postcode })}
        />
        <QuoteTotal actorRef={actorRef} withContinue={withContinue} />
      </Card>
    </div>
  );
}
