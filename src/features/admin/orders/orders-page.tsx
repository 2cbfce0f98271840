import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { exportAccountsCsv, exportOrdersCsv } from '../../../api/export-orders-csv';
import { getStats } from '../../../api/get-stats';
import { listOrderStatuses } from '../../../api/list-order-statuses';
import { listOrders, type OrderListQuery } from '../../../api/list-orders';
import { listServices } from '../../../api/list-services';
import { useToast } from '../../../shared/toasts';
import { startFetch } from '../../../shared/preload';
import { useRequest } from '../../../shared/use-request';
import { Alert, Button, Page, Spinner } from '../../../components/ui';
import { DataTable } from '../data-table/data-table';
import { firstPage, pageQuery, useServerTable, type ServerPageQuery } from '../data-table/use-server-table';
import { StatTiles } from '../shared/stat-tiles';
import { OrderActionsContext } from './order-actions-context';
import { orderColumns } from './order-columns';
import { downloadBlob } from '../../../lib/download';
import { OrderFilterBar } from './order-filter-bar';
import { filtersFromUrl, filtersToQuery, filtersToUrl, hasFilters, type OrderFilterState } from './order-filters';
import type { AdminOrder, OrderStatus, Service } from '../../../../openapi/schema';

const noStatuses: OrderStatus[] = [];
const noServices: Service[] = [];
const byName = [{ id: 'user', desc: false }];
const rowId = (order: AdminOrder) => String(order.id);
const refundRow = (order: AdminOrder) => (order.refund_status === 'pending' ? 'row--refund' : undefined);

/** What OrdersPage asks for first with this URL, started before it renders (first-reads.ts). */
export function startOrdersReads(search: URLSearchParams, now: Date): void {
  startFetch(listOrders, pageQuery<OrderListQuery & ServerPageQuery>(filtersToQuery(filtersFromUrl(search), now), firstPage, byName));
  startFetch(listOrderStatuses);
  startFetch(listServices);
  startFetch(getStats);
}

/**
 * R-ADMIN-4 /orders: three totals, then the orders a page at a time, each with its status control and
 * a link to its detail; above them the search and filters (issue 15 §4), kept in the URL.
 */
export function OrdersPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromUrl(searchParams), [searchParams]);
  // "Today" and "This week" are resolved to UK dates when the URL changes (order-filters.ts).
  const filter = useMemo(() => filtersToQuery(filters, new Date()), [filters]);
  const changeFilters = useCallback((next: OrderFilterState) => {
    const params = filtersToUrl(next);
    // Each view is one history entry: Back returns to the previous one.
    if (params.toString() !== filtersToUrl(filters).toString()) setSearchParams(params);
  }, [filters, setSearchParams]);
  const orders = useServerTable<AdminOrder, OrderListQuery & { limit: number; page: number }>(listOrders, { defaultSort: byName, rowId, filter });
  const statuses = useRequest(listOrderStatuses, { auto: true });
  const services = useRequest(listServices, { auto: true });
  const stats = useRequest(getStats, { auto: true });
  const showToast = useToast();
  const [exporting, setExporting] = useState(false);
  const { retry: retryOrders, updateRow } = orders;
  const { retry: retryStats } = stats;
  const orderSaved = useCallback((order: AdminOrder) => {
    updateRow(order);
    retryStats();
  }, [updateRow, retryStats]);
  const reloadOrders = useCallback(() => {
    retryOrders();
    retryStats();
  }, [retryOrders, retryStats]);
  const actions = useMemo(() => ({ statuses: statuses.data ?? noStatuses, orderSaved, reloadOrders }), [statuses.data, orderSaved, reloadOrders]);

  // Every order of the current sort and filter, built by the server (not the page on screen); or
  // every invoice and credit note, for the accounts.
  const exportCsv = async (what: 'orders' | 'accounts') => {
    setExporting(true);
    try {
      const { limit: _limit, page: _page, ...sortAndFilters } = orders.query;
      if (what === 'orders') downloadBlob('orders.csv', await exportOrdersCsv(sortAndFilters));
      else downloadBlob('accounts.csv', await exportAccountsCsv());
    } catch (error) {
      showToast(error instanceof Error ? error.message : 'Network Error', 'error');
    } finally {
      setExporting(false);
    }
  };

  return (
    <Page title="Orders" width="full">
      <StatTiles
        label="Orders by state"
        busy={stats.loading}
        tiles={[
          { label: 'Completed', value: String(stats.data?.completed ?? 0), icon: '✓', tone: 'success' },
          { label: 'In queue', value: String(stats.data?.inqueue ?? 0), icon: '◷', tone: 'waiting' },
          { label: 'Canceled', value: String(stats.data?.cancelled ?? 0), icon: '✕', tone: 'danger' },
        ]}
      />
      <OrderFilterBar filters={filters} statuses={statuses.data ?? noStatuses} services={services.data ?? noServices} onChange={changeFilters} />
      {orders.loading ? <Spinner label="Loading orders" /> : null}
      {orders.error || statuses.error ? (
        <Alert variant="error" className="load-error">
          {orders.error ?? statuses.error}{' '}
          <Button size="sm" variant="secondary" onPress={() => { orders.retry(); statuses.retry(); }}>Try again</Button>
        </Alert>
      ) : null}
      <OrderActionsContext.Provider value={actions}>
        <DataTable
          label="Orders"
          data={orders.rows}
          rowCount={orders.total}
          rowCountIsLowerBound={orders.totalIsLowerBound}
          columns={orderColumns}
          {...orders.table}
          getRowId={rowId}
          rowClassName={refundRow}
          emptyMessage={!orders.loaded ? 'Loading orders…' : hasFilters(filters) ? 'No order matches these filters.' : 'There are no orders yet.'}
          toolbar={
            <>
              <Button variant="secondary" size="sm" isDisabled={orders.total === 0 || exporting} onPress={() => void exportCsv('orders')}>
                {exporting ? 'Exporting…' : 'Export CSV'}
              </Button>
              <Button variant="secondary" size="sm" isDisabled={exporting} onPress={() => void exportCsv('accounts')}>
                Export invoices and credit notes (CSV)
              </Button>
            </>
          }
        />
      </OrderActionsContext.Provider>
    </Page>
  );
}
