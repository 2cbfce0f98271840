import { useMemo, useState } from 'react';
import { listRefunds, type RefundListQuery } from '../../../api/list-refunds';
import { Alert, Button, Page, Spinner, TextField } from '../../../components/ui';
import { DataTable } from '../data-table/data-table';
import { useServerTable } from '../data-table/use-server-table';
import { RefundActionsContext } from './refund-actions-context';
import { refundColumns } from './refund-columns';
import './refunds-page.css';
import type { RefundRequest } from '../../../../openapi/schema';

const byName = [{ id: 'name', desc: false }];
const hidden = ['name'];
const rowId = (refund: RefundRequest) => String(refund.order_id);

/** R-ADMIN-5 /refund-orders: refund requests a page at a time, filtered by the customer's name on the server, decided row by row. */
export function RefundsPage() {
  const [nameFilter, setNameFilter] = useState('');
  // Each change asks the server again; a newer request replaces the one in flight.
  const name = nameFilter.trim();
  const filter = useMemo(() => (name ? { name } : {}), [name]);
  const refunds = useServerTable<RefundRequest, RefundListQuery & { limit: number; page: number }>(listRefunds, { defaultSort: byName, rowId, filter });
  const actions = useMemo(() => ({ refundSaved: refunds.updateRow, reloadRefunds: refunds.retry }), [refunds.updateRow, refunds.retry]);

  return (
    <Page title="Refunded orders" width="full">
      <div className="refunds-filter">
        <TextField label="Filter by name" type="search" value={nameFilter} onChange={setNameFilter} maxLength={100} />
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
          data={refunds.rows}
          rowCount={refunds.total}
          columns={refundColumns}
          {...refunds.table}
          getRowId={rowId}
          hiddenColumns={hidden}
          emptyMessage={!refunds.loaded ? 'Loading refund requests…' : name ? 'No refund request matches this name.' : 'There are no refund requests yet.'}
        />
      </RefundActionsContext.Provider>
    </Page>
  );
}
