import { Card } from '../../components/ui';
import '../../shared/quote/quote-panel.css';
import { formatMoney } from '../../../domain/money/money';
import type { OrderSummary } from '../../../openapi/schema';

/** The chosen service, its items and quantities, and the total the server computed. */
export function OrderSummaryPanel({ order }: { order: OrderSummary }) {
  return (
    <Card as="section" className="order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className="booking-panel__title">Your order</h2>
      <p className="order-summary__service">{order.name}</p>
      <ul className="order-summary__items" aria-label="Items">
        {order.items.map((item) => (
          <li key={item.name} className="order-summary__item">
            <span>{item.name}</span>
            <span className="order-summary__quantity">× {item.quantity}</span>
          </li>
        ))}
      </ul>
      {order.lines && order.lines.some((line) => line.kind !== 'item') ? (
        <ul className="quote-total__lines" aria-label="Price lines">
          {order.lines.filter((line) => line.kind !== 'item').map((line, index) => (
            <li key={`${line.kind}-${index}`}>
              <span>{line.name}</span>
              <span>{line.amount < 0 ? `−${formatMoney(-line.amount)}` : formatMoney(line.amount)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="cart-panel__total">
        <span>Total</span> <strong data-testid="order-total">{formatMoney(order.total)}</strong>
      </p>
      {order.vat !== undefined ? (
        <p className="order-summary__note" data-testid="order-vat">Total {formatMoney(order.total)} (includes VAT {formatMoney(order.vat)})</p>
      ) : null}
    </Card>
  );
}
