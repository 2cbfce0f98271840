import { formatDateTime } from '../../../lib/dates';
import { statusLabel } from '../../../../domain/orders/status-labels';
import type { AuditEntry } from '../../../../openapi/schema';

const actionLabels: Record<AuditEntry['action'], string> = {
  'order.status': 'Status changed',
  'refund.status': 'Refund decided',
  // The customer's own checkout: named so nobody reads it as a cleaner's check out (issue 33 row 8).
  'order.checkout': 'Booked online',
  'order.refund_request': 'Refund requested',
  'order.paid': 'Paid',
  'order.team': 'Team assigned',
  'order.moved': 'Moved',
  'order.skip': 'Skipped by the customer',
  'order.skip_undone': 'Skip undone by the customer',
  'order.reschedule': 'Rescheduled',
  'order.balance_paid': 'Balance paid',
  'order.adjustment': 'Price adjusted',
  'order.office_booking': 'Booked by phone',
  'order.job_edit': 'Job edited',
  'order.length': 'Length set',
  'job.on_my_way': 'On the way to the job',
  'job.check_in': 'Checked in at the job',
  'job.check_out': 'Checked out of the job',
  'order.late_payment': 'Late card payment',
  'order.text': 'Text sent',
  'order.direct_debit': 'Direct Debit',
};

/** A reschedule records the job's start times (UK time shown); every other entry a status. */
const valueLabel = (entry: AuditEntry, value: string) =>
  entry.action === 'order.reschedule' ? formatDateTime(value) : entry.action === 'order.adjustment' || entry.action === 'order.balance_paid' || entry.action === 'order.office_booking' || entry.action === 'order.job_edit' || entry.action === 'order.length' || entry.action === 'order.late_payment' || entry.action === 'order.text' || entry.action === 'order.direct_debit' || entry.action.startsWith('job.') ? value : statusLabel(value);

/** The audit trail, oldest first: when, who, what, from → to. */
export function OrderHistory({ entries }: { entries: readonly AuditEntry[] }) {
  if (entries.length === 0) return <p className="order-detail__none">No changes recorded yet.</p>;
  return (
    <ol className="order-history">
      {entries.map((entry, index) => (
        <li key={index} className="order-history__entry">
          <time dateTime={entry.at} className="order-history__when">{formatDateTime(entry.at)}</time>
          <span className="order-history__what">
            <strong>{actionLabels[entry.action] ?? entry.action}</strong> by {entry.actor}
          </span>
          <span className="order-history__change">
            {entry.from ? (
              <>
                {valueLabel(entry, entry.from)} <span aria-hidden="true">→</span>
                <span className="visually-hidden">to</span> {valueLabel(entry, entry.to)}
              </>
            ) : (
              valueLabel(entry, entry.to)
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}
