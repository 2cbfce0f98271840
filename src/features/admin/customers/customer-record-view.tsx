import type { ReactNode } from 'react';
import { paths } from '../../../shared/paths';
import { TextLink } from '../../../components/ui';
import { formatDateTime } from '../../../lib/dates';
import { formatMoney } from '../../../../domain/money/money';
import { StatusBadge } from '../shared/status-badge';
import { orderStatusTone } from '../../../../domain/orders/status-labels';
import { CustomerNotes } from './customer-notes';
import type { CustomerRecord } from '../../../../openapi/schema';
import { orderNumberShown } from '../../../../domain/orders/order-reference';

/**
 * A phone as a tel: URI (digits and a leading +; spaces and brackets are for people). mailto: and
 * tel: are plain anchors: react-aria's Link would route them through React Router as relative paths.
 */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The record's panels: contact, lifetime value, addresses, orders, staff notes, data protection (`children`). */
export function CustomerRecordView({ record, onNoteAdded, children }: { record: CustomerRecord; onNoteAdded: () => void; children: ReactNode }) {
  return (
    <div className="customer">
      <section className="customer__panel" aria-labelledby="customer-contact">
        <h2 id="customer-contact">Contact</h2>
        {record.anonymised ? <p>This customer was anonymised: no contact details are kept.</p> : null}
        <dl className="order-detail__fields">
          <div className="order-detail__field">
            <dt>Email</dt>
            <dd>{record.email ? <a className="text-link" href={`mailto:${record.email}`}>{record.email}</a> : '—'}</dd>
          </div>
          <div className="order-detail__field">
            <dt>Phone</dt>
            <dd>
              {record.phones.length
                ? record.phones.map((phone, index) => (
                    <span key={phone}>
                      {index ? ', ' : null}
                      <a className="text-link" href={telHref(phone)}>{phone}</a>
                    </span>
                  ))
                : '—'}
            </dd>
          </div>
          <div className="order-detail__field">
            <dt>Customer since</dt>
            <dd>{formatDateTime(record.created)}</dd>
          </div>
        </dl>
      </section>

      <section className="customer__panel" aria-labelledby="customer-value">
        <h2 id="customer-value">Lifetime value</h2>
        <p className="customer__value">{formatMoney(record.lifetimeValue)}</p>
        <p>Paid and completed orders; cancelled ones count for nothing.</p>
      </section>

      <section className="customer__panel" aria-labelledby="customer-addresses">
        <h2 id="customer-addresses">Addresses used</h2>
        {record.addresses.length ? (
          <ul className="customer__list">
            {record.addresses.map((address) => (
              <li key={`${address.address}|${address.codePostal}`}>
                {address.address}, {address.city} {address.codePostal}
              </li>
            ))}
          </ul>
        ) : (
          <p>No address yet.</p>
        )}
      </section>

      <section className="customer__panel" aria-labelledby="customer-notes">
        <h2 id="customer-notes">Staff notes</h2>
        <CustomerNotes notes={record.notes} customerId={record.anonymised ? undefined : record.id} onAdded={onNoteAdded} />
      </section>

      <section className="customer__panel customer__panel--wide" aria-labelledby="customer-orders">
        <h2 id="customer-orders">Orders ({record.orders.length})</h2>
        {record.orders.length ? (
          <div className="customer__scroll" role="region" aria-labelledby="customer-orders" tabIndex={0}>
            <table className="customer__orders">
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Service</th>
                  <th scope="col">Status</th>
                  <th scope="col">Total</th>
                  <th scope="col">Service date</th>
                  <th scope="col">Ordered at</th>
                </tr>
              </thead>
              <tbody>
                {record.orders.map((order) => (
                  <tr key={order.id}>
                    <th scope="row">
                      <TextLink href={paths.admin.order(order.id)}>{orderNumberShown(order)}</TextLink>
                    </th>
                    <td>{order.service}</td>
                    <td><StatusBadge status={order.status} tone={orderStatusTone(order.status)} /></td>
                    <td>{formatMoney(order.total)}</td>
                    <td>{formatDateTime(order.due) || '—'}</td>
                    <td>{formatDateTime(order.created)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p>No orders yet.</p>
        )}
      </section>

      <section className="customer__panel customer__panel--wide" aria-labelledby="customer-data">
        <h2 id="customer-data">Data protection</h2>
        <p>Export everything held about this customer as JSON (a subject access request), or anonymise them (an erasure request).</p>
        {children}
      </section>
    </div>
  );
}
