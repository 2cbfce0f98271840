import { useMemo, useState } from 'react';
import { listRefunds, type RefundRequest } from '../../../api/list-refunds';
import { useRequest } from '../../../app/use-request';
import { Alert, Button, Page, Spinner, TextField } from '../../../components/ui';
import { DataTable } from '../data-table/data-table';
import { RefundActionsContext } from './refund-actions-context';
import { refundColumns } from './refund-columns';
import './refunds-page.css';

const noRefunds: RefundRequest[] = [];
const byName = [{ id: 'name', desc: false }];
const hidden = ['name'];
const rowId = (refund: RefundRequest) => String(refund.order_id);

/** SPEC 2 /refund-orders: every refund request, filterable by the customer's name, decided row by row. */
export function RefundsPage() {
  const refunds = useRequest(listRefunds, { auto: true });
  const [nameFilter, setNameFilter] = useState('');
  const columnFilters = useMemo(() => (nameFilter.trim() ? [{ id: 'name', value: nameFilter.trim() }] : []), [nameFilter]);
  const actions = useMemo(() => ({ reloadRefunds: refunds.retry }), [refunds.retry]);

  return (
    <Page title="Refunded orders" width="full">
      <div className="refunds-filter">
        <TextField label="Filter by name" type="search" value={nameFilter} onChange={setNameFilter} />
      </div>
      {refunds.loading ? <Spinner label="Loading refund requests" /> : null}
      {refunds.error ? (
        <Alert variant="error" className="load-error">
          {refunds.error} <Button size="sm" variant="secondary" onPress={refunds.retry}>Try again</Button>
        </Alert>
      ) : null}
      <RefundActionsContext.Provider value={actions}>
        <DataTable
          label="Refund requests"
          data={refunds.data ?? noRefunds}
          columns={refundColumns}
          defaultSort={byName}
          getRowId={rowId}
          columnFilters={columnFilters}
          hiddenColumns={hidden}
          emptyMessage={refunds.loading ? 'Loading refund requests…' : nameFilter ? 'No refund request matches this name.' : 'There are no refund requests yet.'}
        />
      </RefundActionsContext.Provider>
    </Page>
  );
}
