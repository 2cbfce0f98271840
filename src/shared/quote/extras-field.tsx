import type { QuoteOptions } from '../../../openapi/schema';
import { formatMoney } from '../../../domain/money/money';
import { Checkbox } from '../../components/ui';
import { QuantityField } from '../../components/quantity-field';
import type { Choice } from '../../../machines/quote.machine';
import '../../styles/booking.css';
import './quote-panel.css';

interface ExtrasFieldProps {
  extras: QuoteOptions['extras'];
  chosen: ReadonlyArray<Choice>;
  onToggle: (extraId: number) => void;
  onSetQuantity: (extraId: number, quantity: number) => void;
}

/**
 * The extras of a service as a customer picks them on the quote (a tick each, and how many rooms for
 * a bigger room), also the office's items step (decision 047): one picker, so staff offer exactly
 * what the customer sees. What they cost is the server's quote; the choices go to the quote
 * machine's rule (`choicesAfter`).
 */
export function ExtrasField({ extras, chosen, onToggle, onSetQuantity }: ExtrasFieldProps) {
  const chosenExtra = (id: number) => chosen.find((choice) => choice.id === id);
  return (
    <fieldset className="quote-panel__extras">
      <legend className="field__label">Extras</legend>
      <ul className="item-checklist__list">
        {extras.map((extra) => (
          <li key={extra.id} className="item-checklist__item quote-panel__line">
            <Checkbox isSelected={Boolean(chosenExtra(extra.id))} onChange={() => onToggle(extra.id)} className="item-checklist__checkbox">
              <span className="item-checklist__name">{extra.name}</span>
              <span className="item-checklist__price">{formatMoney(extra.price)}</span>
            </Checkbox>
            {extra.kind === 'option' && chosenExtra(extra.id) ? (
              <QuantityField itemName={extra.name} quantity={chosenExtra(extra.id)!.quantity} onChange={(quantity) => onSetQuantity(extra.id, quantity)} />
            ) : null}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
