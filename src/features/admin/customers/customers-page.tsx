import { useDeferredValue, useState } from 'react';
import { listCustomers, type CustomerListQuery } from '../../../api/list-customers';
import { Alert, Button, Page, Spinner, TextField } from '../../../components/ui';
import { DataTable } from '../data-table/data-table';
import { useServerTable } from '../data-table/use-server-table';
import { customerColumns } from './customer-columns';
import './customers.css';
import type { CustomerSummary } from '../../../../openapi/schema';

const byName = [{ id: 'name', desc: false }];
const rowId = (customer: CustomerSummary) => String(customer.id);

/** /customers: customers a page at a time, searched, sorted and paged by the server. */
export function CustomersPage() {
  const [search, setSearch] = useState('');
  // Typing does not send a request per key while the previous page is still rendering.
  const q = useDeferredValue(search.trim());
  const customers = useServerTable<CustomerSummary, CustomerListQuery & { limit: number; page: number }>(listCustomers, {
    defaultSort: byName,
    rowId,
    filter: q ? { q } : {},
  });
  return (
    <Page title="Customers" width="full">
      <div className="customers__search">
        <TextField label="Search by name or email" type="search" value={search} onChange={setSearch} maxLength={100} />
      </div>
      {customers.loading ? <Spinner label="Loading customers" /> : null}
      {customers.error ? (
        <Alert variant="error" className="load-error">
          {customers.error} <Button size="sm" variant="secondary" onPress={customers.retry}>Try again</Button>
        </Alert>
      ) : null}
      <DataTable
        label="Customers"
        data={customers.rows}
        rowCount={customers.total}
        rowCountIsLowerBound={customers.totalIsLowerBound}
        columns={customerColumns}
        {...customers.table}
        getRowId={rowId}
        emptyMessage={customers.loaded ? (q ? `No customer matches “${q}”.` : 'There are no customers yet.') : 'Loading customers…'}
      />
    </Page>
  );
}
