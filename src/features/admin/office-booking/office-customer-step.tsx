import { useDeferredValue, useState, type FormEvent } from 'react';
import { listCustomers } from '../../../api/list-customers';
import { Alert, Button, TextField } from '../../../components/ui';
import { useRequest } from '../../../shared/use-request';
import type { OfficeBookingRef } from './office-booking-ref';

/** Customer: an existing customer found by name or email (GET /admin/customers), or a new one's name and email. */
export function OfficeCustomerStep({ actorRef }: { actorRef: OfficeBookingRef }) {
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const found = useRequest(listCustomers, { auto: q !== '', params: { q: q || 'x', limit: 10, page: 1 } });
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const submitNew = (event: FormEvent) => {
    event.preventDefault();
    actorRef.send({ type: 'customer.submit', customer: { request: { name: name.trim(), email: email.trim() }, label: `${name.trim()} (${email.trim()}), new` } });
  };
  return (
    <>
      <section aria-labelledby="office-existing">
        <h3 id="office-existing">Existing customer</h3>
        <TextField label="Search by name or email" type="search" value={search} onChange={setSearch} maxLength={100} />
        {found.error ? <Alert variant="error">{found.error}</Alert> : null}
        {q && found.data ? (
          <ul className="office-booking__results" aria-label="Customers found">
            {found.data.rows.map((customer) => (
              <li key={customer.id}>
                <Button variant="secondary" onPress={() => actorRef.send({ type: 'customer.submit', customer: { request: { id: customer.id }, label: `${customer.name} (${customer.email})` } })}>
                  {`Book for ${customer.name} (${customer.email})`}
                </Button>
              </li>
            ))}
            {found.data.rows.length === 0 ? <li>No customer found.</li> : null}
          </ul>
        ) : null}
      </section>
      <form noValidate onSubmit={submitNew} aria-labelledby="office-new">
        <h3 id="office-new">New customer</h3>
        <TextField label="Name" isRequired maxLength={100} autoComplete="off" value={name} onChange={setName} />
        <TextField label="Email" type="email" isRequired maxLength={254} autoComplete="off" value={email} onChange={setEmail} />
        <div className="office-booking__actions">
          <Button type="submit" isDisabled={name.trim().length < 2 || !email.includes('@')}>Next</Button>
        </div>
      </form>
    </>
  );
}
