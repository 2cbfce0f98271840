import { Button, Card, TextLink } from '../../components/ui';
import { formatDateTime } from '../../lib/dates';
import { formatMoney } from '../../../domain/money/money';
import { PAYMENT_NOT_COMPLETED, refundStatusLabels, unpaidCancellationLabels } from './order-labels';
import { customerStatusLabel, isInQueue, orderStatusTone } from '../../../domain/orders/order-statuses';
import { cancellationRuleText, owedSkipFeeText, rescheduleTermsText } from './order-rules';
import { paths } from '../../shared/paths';
import { getReceiptPdf } from '../../api/document-pdfs';
import { PdfDownloadButton } from '../../shared/pdf-download-button';
import type { BookingSeries, MyOrder } from '../../../openapi/schema';
import { AccessNotesForm } from './access-notes-form';
import { shownOrderName } from '../../../domain/orders/order-reference';
import { directDebitNeedsAction, directDebitText } from '../../../domain/money/direct-debit';

interface OrderCardProps {
  order: MyOrder;
  onCancel: (order: MyOrder) => void;
  /** Pay now: starts the order's card payment again (same order, same amount). */
  onPay: (order: MyOrder) => void;
  /** Pay now was pressed and the payment page is being opened. */
  paying?: boolean;
  /** Why Pay now failed, shown on this card. */
  payError?: string | null;
  onReschedule: (order: MyOrder) => void;
  /** A visit of a recurring series: "Skip" instead of Cancel (decisions 021, 031). */
  onSkip?: (order: MyOrder) => void;
  /** A skipped visit: "Undo" books it again (decision 031). */
  onUndo?: (order: MyOrder) => void;
  /** Undo was pressed on this visit and is being saved. */
  undoing?: boolean;
  /** 3 inside a series's section (under its h2). */
  headingLevel?: 2 | 3;
  /** The access notes were saved: the list is read again. */
  onAccessNotesSaved?: () => void;
  /** A visit of a series paid by Direct Debit: its series' mandate (BookingSeries.directDebit), which says where a late fee is paid. */
  mandate?: BookingSeries['directDebit'] | null;
}

/** One of my orders: service, total, status, booking date, payment, refund status, its cancellation rule, Cancel. */
export function OrderCard({ order, onCancel, onPay, paying = false, payError = null, onReschedule, onSkip, onUndo, undoing = false, headingLevel = 2, onAccessNotesSaved = () => undefined, mandate = null }: OrderCardProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const titleId = `order-${order.id}-title`;
  const reasonId = `order-${order.id}-no-cancel`;
  const noMoveId = `order-${order.id}-no-reschedule`;
  const moveRule = rescheduleTermsText(order.reschedule);
  const canMove = order.reschedule.allowed;
  // Only a booked job can move; a cancelled or completed one has nothing to say about it.
  const showMove = order.due !== null && isInQueue(order.status);
  const { allowed, reason } = order.cancellation;
  const rule = cancellationRuleText(order.cancellation);
  // A card order paid once that owes a later fee or adjustment asks for its balance as an unpaid one asks for its price (decision 036).
  const balanceDue = order.payment.status === 'balance_due';
  // A visit with a plan (its saved card charged later, or cash on the day) owes nothing yet: it says how it will be paid (decision 087).
  const plan = order.payment.plan ?? null;
  // A visit by Direct Debit says where its collection stands instead (decision 100): nothing is paid with Pay now.
  const directDebit = order.payment.directDebit ?? null;
  const awaitingPayment = (order.payment.status === 'awaiting_payment' || balanceDue) && plan === null && directDebit === null;
  const refundLabels = order.payment.status === 'paid' || balanceDue ? refundStatusLabels : unpaidCancellationLabels;
  // A visit of a series says one thing per state (issue 25): skipped (with Undo), not changeable any
  // more (why, once), or its terms with Skip and Reschedule; never greyed buttons.
  const visit = onSkip !== undefined;
  if (visit && order.skipped) return <SkippedVisit order={order} mandate={mandate} onUndo={onUndo} undoing={undoing} Heading={Heading} pay={{ order, onPay, paying, payError }} />;
  return (
    <Card as="article" className="order-card" aria-labelledby={titleId}>
      <OrderCardHeader order={order} titleId={titleId} Heading={Heading} />
      <dl className="order-card__facts">
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`status-badge status-badge--${orderStatusTone(order.status)}`}>{customerStatusLabel(order.status)}</span>
          </dd>
        </div>
        <div>
          <dt>Booking date</dt>
          <dd>{order.due ? `${formatDateTime(order.due)} (UK time)` : 'Not booked yet'}</dd>
        </div>
        {order.reference ? (
          <div>
            <dt>Order</dt>
            <dd>#{order.reference}</dd>
          </div>
        ) : null}
        {order.refund ? (
          <div>
            <dt>{order.payment.status === 'paid' || balanceDue ? 'Refund' : 'Cancellation'}</dt>
            <dd>
              <span className={`status-badge status-badge--refund-${order.refund.status}`}>
                {refundLabels[order.refund.status]}
              </span>
              {refundFiguresText(order.refund) ? <span className="order-card__refund-figures"> {refundFiguresText(order.refund)}</span> : null}
            </dd>
          </div>
        ) : null}
      </dl>
      {awaitingPayment ? <PaymentDue order={order} onPay={onPay} paying={paying} payError={payError} /> : null}
      {plan ? <p className="order-card__payment-plan">{paymentPlanText(plan, order.payment.balanceDue)}</p> : null}
      {directDebit ? (
        <p className={`order-card__payment-plan order-card__direct-debit${directDebitNeedsAction(directDebit.state) ? ' order-card__direct-debit--problem' : ''}`}>
          {directDebitText(directDebit.state, directDebit.amount, order.payment.balanceDue)}
        </p>
      ) : null}
      <AccessNotesForm order={order} onSaved={onAccessNotesSaved} />
      <footer className="order-card__footer">
        {rule ? <p className="order-card__rule">{rule}</p> : null}
        {!allowed && reason ? <p id={reasonId} className="order-card__no-cancel">{reason}</p> : null}
        {showMove && moveRule ? <p className="order-card__rule">{moveRule}</p> : null}
        {showMove && !canMove && order.reschedule.reason && !(visit && !allowed) ? (
          <p id={noMoveId} className="order-card__no-cancel">{order.reschedule.reason}</p>
        ) : null}
        {order.receipt ? (
          <TextLink href={paths.receipt(order.id)} className="order-card__receipt">
            VAT receipt<span className="visually-hidden"> for {shownOrderName(order)}</span>
          </TextLink>
        ) : null}
        {order.receipt ? (
          <PdfDownloadButton load={() => getReceiptPdf(order.id)} label={`Download the VAT invoice of ${shownOrderName(order)} (PDF)`}>
            Invoice PDF
          </PdfDownloadButton>
        ) : null}
        {showMove && !(visit && !canMove) ? (
          <Button
            variant="secondary"
            className="order-card__reschedule"
            isDisabled={!canMove}
            aria-describedby={!canMove && order.reschedule.reason ? noMoveId : undefined}
            aria-label={`Reschedule ${shownOrderName(order)} (${order.service})`}
            onPress={() => onReschedule(order)}
          >
            Reschedule
          </Button>
        ) : null}
        {onSkip && allowed ? (
          <Button
            variant="secondary"
            className="order-card__skip"
            aria-label={`Skip the visit of ${order.due ? `${formatDateTime(order.due)} UK time` : ''} (${shownOrderName(order)})`}
            onPress={() => onSkip(order)}
          >
            Skip
          </Button>
        ) : null}
        {visit ? null : (
          <Button
            variant="secondary"
            className="order-card__cancel"
            isDisabled={!allowed}
            aria-describedby={!allowed && reason ? reasonId : undefined}
            aria-label={`Cancel ${shownOrderName(order)} (${order.service})`}
            onPress={() => onCancel(order)}
          >
            Cancel
          </Button>
        )}
      </footer>
    </Card>
  );
}

/** The service and total a card starts with; the header is where a link to `#order-N` lands. */
function OrderCardHeader({ order, titleId, Heading }: { order: MyOrder; titleId: string; Heading: 'h2' | 'h3' }) {
  return (
    <header className="order-card__header" id={`order-${order.id}`} tabIndex={-1}>
      <Heading id={titleId} className="order-card__service">{order.service}</Heading>
      <p className="order-card__total">{formatMoney(order.total)}</p>
    </header>
  );
}

/**
 * A visit the customer skipped: one sentence and Undo (the server says if its time was taken). A
 * paid visit was refunded when skipped, so it cannot come back (decision 043): no Undo, and why.
 */
function SkippedVisit({ order, mandate, onUndo, undoing, Heading, pay }: { order: MyOrder; mandate: BookingSeries['directDebit'] | null; onUndo?: (order: MyOrder) => void; undoing: boolean; Heading: 'h2' | 'h3'; pay: PaymentDueProps }) {
  const titleId = `order-${order.id}-title`;
  const undo = order.refund === null ? onUndo : undefined;
  return (
    <Card as="article" className="order-card order-card--skipped" aria-labelledby={titleId}>
      <OrderCardHeader order={order} titleId={titleId} Heading={Heading} />
      <dl className="order-card__facts">
        <div>
          <dt>Booking date</dt>
          <dd>{order.due ? formatDateTime(order.due) : 'Not booked yet'}</dd>
        </div>
        {order.reference ? (
          <div>
            <dt>Order</dt>
            <dd>#{order.reference}</dd>
          </div>
        ) : null}
      </dl>
      <p className="order-card__skipped">
        <strong>Skipped:</strong> this visit will not happen.
        {undo ? ' You can bring it back while its time is still free.' : ''}
        {order.refund ? ` ${paidSkipText(order.refund)}` : ''}
        {order.refund === null && order.payment.balanceDue > 0 ? ` ${owedSkipFeeText(order.payment, mandate)}` : ''}
      </p>
      {/* A card visit's late fee owed is paid with Pay now, as any balance (decision 070). */}
      {order.payment.status === 'balance_due' && order.payment.payable ? <PaymentDue {...pay} /> : null}
      {undo ? (
        <footer className="order-card__footer">
          <Button
            variant="secondary"
            className="order-card__undo"
            isPending={undoing}
            aria-label={`Undo the skip of the visit of ${order.due ? formatDateTime(order.due) : ''} (${shownOrderName(order)})`}
            onPress={() => undo(order)}
          >
            Undo
          </Button>
        </footer>
      ) : null}
    </Card>
  );
}

interface PaymentDueProps {
  order: MyOrder;
  onPay: (order: MyOrder) => void;
  paying: boolean;
  payError: string | null;
}

/** What the order still awaits (its price, or a balance or fee owed), with Pay now when a card can pay it. */
function PaymentDue({ order, onPay, paying, payError }: PaymentDueProps) {
  const paymentId = `order-${order.id}-payment`;
  const balanceDue = order.payment.status === 'balance_due';
  return (
    <div className="order-card__payment">
      <p id={paymentId} className="order-card__payment-state">
        <strong>{balanceDue ? `Balance due ${formatMoney(order.payment.balanceDue)}` : PAYMENT_NOT_COMPLETED}</strong>
        {order.payment.payable ? null : order.payment.method === 'cash' ? ', to pay in cash' : ': card payment is not available at the moment'}
      </p>
      {order.payment.payable ? (
        <Button
          size="sm"
          className="order-card__pay"
          isDisabled={paying}
          aria-label={`Pay now for ${shownOrderName(order)} (${order.service})`}
          aria-describedby={paymentId}
          onPress={() => onPay(order)}
        >
          {paying ? 'Opening the payment page…' : 'Pay now'}
        </Button>
      ) : null}
      {payError ? <p role="alert" className="order-card__pay-error">{payError}</p> : null}
    </div>
  );
}

/** How a visit with nothing due yet will be paid, as the server planned it (decision 087). */
function paymentPlanText(plan: NonNullable<MyOrder['payment']['plan']>, balanceDue: number): string {
  if (plan.by === 'saved_card' && plan.on) return `Nothing to pay now: your saved card will be charged on ${formatDateTime(plan.on)} (UK time).`;
  if (plan.by === 'saved_card') return 'Nothing to pay now: your saved card will be charged before the visit.';
  return `Nothing paid yet: you pay ${formatMoney(balanceDue)} in cash on the day of the visit.`;
}

/** What a cancellation gave back and kept (issue 33 row 7, decision 070), the server's figures; nothing when neither. */
function refundFiguresText(refund: NonNullable<MyOrder['refund']>): string {
  if (refund.status === 'rejected' || (refund.amount === 0 && refund.kept === 0)) return '';
  const given = refund.status === 'pending' ? 'to be refunded' : 'refunded';
  return `${formatMoney(refund.amount)} ${given}, ${formatMoney(refund.kept)} kept`;
}

/** A paid visit's skip: how much of its payment came back and how much the late fee kept. */
function paidSkipText(refund: NonNullable<MyOrder['refund']>): string {
  if (refund.kept > 0) return `${formatMoney(refund.amount)} of its payment is refunded to your card; ${formatMoney(refund.kept)} is kept as the late fee.`;
  return `Its payment of ${formatMoney(refund.amount)} is refunded to your card.`;
}

