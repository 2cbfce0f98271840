import { formatDateTime } from '../../../lib/dates';
import type { PricingAuditEntry } from '../../../../openapi/schema';

const ruleLabels: Record<PricingAuditEntry['rule'], string> = {
  item_price: 'Item price',
  frequency_discount: 'Frequency discount',
  extra_price: 'Extra price',
  congestion_charge: 'Congestion Charge',
  congestion_district: 'Congestion Charge district',
  opening_hours: 'Opening hours',
  item_minutes: 'Item length',
  service_minutes: 'Service base time',
  travel_minutes: 'Travel between jobs',
  service_district: 'District served',
  service_checklist: 'Service checklist',
  waitlist_hold: 'Waiting list hold',
};

/** The trail of changes, newest first: when (UK time), who, what, from → to. */
export function PricingAudit({ entries, total }: { entries: readonly PricingAuditEntry[]; total: number }) {
  if (entries.length === 0) return <p>No changes recorded yet.</p>;
  return (
    <>
      <div className="data-table__scroll" role="region" aria-label="Changes to prices and hours" tabIndex={0}>
        <table className="pricing__table">
          <thead>
            <tr>
              <th scope="col">When (UK time)</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td><time dateTime={entry.at}>{formatDateTime(entry.at)}</time></td>
                <td>{entry.actor}</td>
                <td>{ruleLabels[entry.rule]}: {entry.subject}</td>
                <td>{entry.from ?? '—'}</td>
                <td>{entry.to ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {total > entries.length ? <p className="pricing__note">The latest {entries.length} of {total} changes.</p> : null}
    </>
  );
}
