import { useState, type ReactNode } from 'react';
import { formatDateTime } from '../../../lib/dates';
import { formatMoney } from '../../../../domain/money/money';
import { StatusBadge } from '../shared/status-badge';
import { orderStatusTone, PAYMENT_METHOD_LABELS, refundStatusTone } from '../../../../domain/orders/status-labels';
import { isCancelled, isInQueue } from '../../../../domain/orders/order-statuses';
import { paths } from '../../../shared/paths';
import { TextLink } from '../../../components/ui';
import { CustomerNotes } from '../customers/customer-notes';
import { OrderHistory } from './order-history';
import { AdjustmentForm } from './adjustment-form';
import { JobEditor } from './job-editor';
import { LengthForm } from './length-form';
import { durationLabel } from '../../../../domain/capacity/job-length';
import { OrderPhoto } from './order-photo';
import { getOrderCreditNotePdf, getOrderInvoicePdf } from '../../../api/document-pdfs';
import { PdfDownloadButton } from '../../../shared/pdf-download-button';
import { OrderDocumentsList } from '../../../shared/order-documents-list';
import type { OrderDetail } from '../../../../openapi/schema';
import { orderNumberShown } from '../../../../domain/orders/order-reference';

const dash = '—';

/** Every field of the order detail (R-ADMIN-6), in four panels: order, items, customer, refund, then history. */
export function OrderDetailView({ order, onAdjusted }: { order: OrderDetail; onAdjusted?: () => void }) {
  // A new length moves the job's version on: the job editor then starts again from the job as it is.
  const [lengthsSet, setLengthsSet] = useState(0);
  const editable = Boolean(onAdjusted && order.dueTime && isInQueue(order.status));
  return (
    <div className="order-detail">
      <section className="order-detail__panel" aria-labelledby="order-summary">
        <h2 id="order-summary">Order</h2>
        <dl className="order-detail__fields">
          {/* The spec's "Order id" holds the one number everyone reads: the reference (decision 073). */}
          <Field term="Order id" value={orderNumberShown(order)} />
          <Field term="Service" value={order.service} />
          <Field term="Booking time" value={formatDateTime(order.dueTime) || 'Not booked'} />
          {/* The length the team's day, the board and the cleaner count (decision 084). */}
          <Field term="Length" value={durationLabel(order.minutes)} />
          <Field term="Status" value={<StatusBadge status={order.status} tone={orderStatusTone(order.status)} />} />
          <Field term="Payment method" value={order.payment_method ? PAYMENT_METHOD_LABELS[order.payment_method] : dash} />
          {order.payment_method === 'card' ? (
            <CardBalance balance={order.payment} />
          ) : order.payment_method === 'direct_debit' ? (
            // Collected after the visit (decision 093); what happened is in the history below.
            <>
              <Field term="Paid by Direct Debit" value={formatMoney(order.payment.paid)} />
              <Field term="Balance due" value={formatMoney(order.payment.balanceDue)} />
            </>
          ) : !isCancelled(order.status) ? (
            <Field term="Due on the day (cash)" value={formatMoney(order.payment.balanceDue)} />
          ) : order.payment.balanceDue > 0 ? (
            // A late cancellation's or skip's fee owed on it (decision 070).
            <Field term="Fee due (cash)" value={formatMoney(order.payment.balanceDue)} />
          ) : null}
          <Field term="Ordered at" value={formatDateTime(order.ordered_at)} />
          <Field term="Completed" value={formatDateTime(order.completed) || 'Not yet'} />
        </dl>
        {editable && onAdjusted ? (
          <LengthForm
            key={order.minutes}
            orderId={order.order_id}
            minutes={order.minutes}
            onSet={() => {
              setLengthsSet((count) => count + 1);
              onAdjusted();
            }}
          />
        ) : null}
      </section>

      <section className="order-detail__panel" aria-labelledby="order-customer">
        <h2 id="order-customer">Customer</h2>
        <dl className="order-detail__fields">
          <Field term="Name" value={<TextLink href={paths.admin.customer(order.customer_id)}>{order.user}</TextLink>} />
          <Field term="Email" value={order.email} />
          <Field term="Phone" value={order.phone || dash} />
          <Field term="Address" value={order.address || dash} />
          <Field term="City" value={order.city || dash} />
          <Field term="Postcode" value={order.codePostal || dash} />
          <Field term="Note" value={order.note || dash} />
        </dl>
      </section>

      <section className="order-detail__panel order-detail__panel--wide" aria-labelledby="order-items">
        <h2 id="order-items">Items</h2>
        <div className="order-detail__scroll" role="region" aria-labelledby="order-items" tabIndex={0}>
          <table className="order-detail__items">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Quantity</th>
                <th scope="col">Unit price</th>
                <th scope="col">Total price</th>
              </tr>
            </thead>
            <tbody>
              {/* Every priced line (discount, extras, the Congestion Charge, fees), so the rows add up to the total. */}
              {order.lines.map((line, index) => (
                <tr key={`${line.kind}-${index}`}>
                  <th scope="row">{line.name}</th>
                  <td>{line.quantity ?? ''}</td>
                  <td>{line.unitPrice === null ? '' : formatMoney(line.unitPrice)}</td>
                  <td>{formatMoney(line.amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>Total</th>
                <td>{formatMoney(order.total)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
        {/* A cancelled order still takes a credit (the fee it kept, waived); the server refuses a charge (decision 065). */}
        {onAdjusted ? (
          <>
            <h3>Adjust the price</h3>
            <AdjustmentForm orderId={order.order_id} onAdjusted={onAdjusted} cancelled={isCancelled(order.status)} />
          </>
        ) : null}
      </section>

      {/* A booked job still to be done (decision 055): its items, time or team, with the price difference and a reason. */}
      {editable && onAdjusted ? (
        <section className="order-detail__panel order-detail__panel--wide" aria-labelledby="job-edit-step">
          <JobEditor key={lengthsSet} orderId={order.order_id} onSaved={onAdjusted} />
        </section>
      ) : null}

      <section className="order-detail__panel" aria-labelledby="order-staff-notes">
        <h2 id="order-staff-notes">Staff notes</h2>
        <CustomerNotes notes={order.staff_notes} />
      </section>

      <section className="order-detail__panel" aria-labelledby="order-refund">
        <h2 id="order-refund">Refund</h2>
        {order.refund ? (
          <dl className="order-detail__fields">
            <Field term="Refund status" value={<StatusBadge status={order.refund.status} tone={refundStatusTone(order.refund.status)} />} />
            <Field term="Reason" value={order.refund.reason} />
            <Field term="Cancellation fee" value={formatMoney(order.refund.fee)} />
            <Field term="Refund amount" value={formatMoney(order.refund.amount)} />
          </dl>
        ) : (
          <p className="order-detail__none">No refund was requested.</p>
        )}
      </section>

      {order.photo ? (
        <section className="order-detail__panel" aria-labelledby="order-photo">
          <h2 id="order-photo">Check-out photo</h2>
          <OrderPhoto orderId={order.order_id} photo={order.photo} />
        </section>
      ) : null}

      <section className="order-detail__panel" aria-labelledby="order-documents">
        <h2 id="order-documents">VAT documents</h2>
        {/* The server says when there is none yet (unpaid: no invoice; no refund: no credit note). */}
        <div className="order-detail__documents">
          <PdfDownloadButton load={() => getOrderInvoicePdf(order.order_id)}>VAT invoice (PDF)</PdfDownloadButton>
          <PdfDownloadButton load={() => getOrderCreditNotePdf(order.order_id)}>Credit note (PDF)</PdfDownloadButton>
        </div>
        {/* Every invoice (one per later charge) and credit note, each by its number (decision 059). */}
        <OrderDocumentsList
          documents={order.documents}
          load={(document) => (document.kind === 'invoice' ? getOrderInvoicePdf(order.order_id, document.number) : getOrderCreditNotePdf(order.order_id, document.number))}
        />
      </section>

      <section className="order-detail__panel" aria-labelledby="order-history">
        <h2 id="order-history">History</h2>
        <OrderHistory entries={order.history} />
      </section>
    </div>
  );
}

const FAILURE_LABELS = { declined: 'Card declined', authentication_required: 'Card needs the customer to authenticate' } as const;

/** Staff see what a card order still owes, and why the last card attempt failed (decision 034). */
function CardBalance({ balance }: { balance: OrderDetail['payment'] }) {
  return (
    <>
      <Field term="Paid by card" value={formatMoney(balance.paid)} />
      <Field term="Balance due" value={formatMoney(balance.balanceDue)} />
      {balance.refundDue ? <Field term="Refund due" value={formatMoney(balance.refundDue)} /> : null}
      {balance.latePayments?.map((late, index) => (
        <Field key={index} term="Late card payment" value={latePaymentText(late)} />
      ))}
      {balance.failure && (
        <Field term="Last card attempt" value={`${FAILURE_LABELS[balance.failure.reason]}, ${formatDateTime(balance.failure.at)}: the customer was mailed a Pay now link`} />
      )}
    </>
  );
}

type LatePayment = NonNullable<OrderDetail['payment']['latePayments']>[number];

/** A card payment that came after the order stopped awaiting it, and what was given back (decision 071). */
function latePaymentText(late: LatePayment): string {
  const why = late.reason === 'cancelled' ? 'after the order was cancelled' : 'on a payment page the order no longer asked for';
  const received = `${formatMoney(late.amount)} received ${formatDateTime(late.at)} ${why}`;
  if (late.refund === 0) return `${received}: kept as the cancellation fee`;
  return late.refunded
    ? `${received}: ${formatMoney(late.refund)} refunded to the card ${formatDateTime(late.refunded)}`
    : `${received}: ${formatMoney(late.refund)} to refund, the payment provider has not refunded it yet (retried every hour)`;
}

function Field({ term, value }: { term: string; value: ReactNode }) {
  return (
    <div className="order-detail__field">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
