import type { MyOrder } from '../../api/list-my-orders';
import { Button, Card } from '../../components/ui';
import { formatDateTime } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { orderStatusLabels, orderStatusTone, refundStatusLabels } from './order-labels';

interface OrderCardProps {
  order: MyOrder;
  onCancel: (order: MyOrder) => void;
}

/** One of my orders: service, total, status, booking date, refund status, and Cancel. */
export function OrderCard({ order, onCancel }: OrderCardProps) {
  const titleId = `order-${order.id}-title`;
  const reasonId = `order-${order.id}-no-cancel`;
  const { allowed, reason } = order.cancellation;
  return (
    <Card as="article" className="order-card" aria-labelledby={titleId}>
      <header className="order-card__header">
        <h2 id={titleId} className="order-card__service">{order.service}</h2>
        <p className="order-card__total">{formatMoney(order.total)}</p>
      </header>
      <dl className="order-card__facts">
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`status-badge status-badge--${orderStatusTone[order.status]}`}>{orderStatusLabels[order.status]}</span>
          </dd>
        </div>
        <div>
          <dt>Booking date</dt>
          <dd>{order.due ? formatDateTime(order.due) : 'Not booked yet'}</dd>
        </div>
        <div>
          <dt>Order</dt>
          <dd>#{order.id}</dd>
        </div>
        {order.refund ? (
          <div>
            <dt>Refund</dt>
            <dd>
              <span className={`status-badge status-badge--refund-${order.refund.status}`}>
                {refundStatusLabels[order.refund.status]}
              </span>
            </dd>
          </div>
        ) : null}
      </dl>
      <footer className="order-card__footer">
        {!allowed && reason ? <p id={reasonId} className="order-card__no-cancel">{reason}</p> : null}
        <Button
          variant="secondary"
          className="order-card__cancel"
          isDisabled={!allowed}
          aria-describedby={!allowed && reason ? reasonId : undefined}
          aria-label={`Cancel order #${order.id} (${order.service})`}
          onPress={() => onCancel(order)}
        >
          Cancel
        </Button>
      </footer>
    </Card>
  );
}
