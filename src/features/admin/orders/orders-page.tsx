import { useCallback, useMemo } from 'react';
import { getStats } from '../../../api/get-stats';
import { listOrderStatuses, type OrderStatus } from '../../../api/list-order-statuses';
import { listOrders, type AdminOrder } from '../../../api/list-orders';
import { useRequest } from '../../../app/use-request';
import { Alert, Button, Page, Spinner } from '../../../components/ui';
import { DataTable } from '../data-table/data-table';
import { StatTiles } from '../shared/stat-tiles';
import { OrderActionsContext } from './order-actions-context';
import { orderColumns } from './order-columns';
import { downloadText, ordersToCsv } from './orders-csv';

const noOrders: AdminOrder[] = [];
const noStatuses: OrderStatus[] = [];
const byName = [{ id: 'user', desc: false }];
const rowId = (order: AdminOrder) => String(order.id);
const refundRow = (order: AdminOrder) => (order.refund ? 'row--refund' : undefined);

/** SPEC 2 /orders: three totals, then every order with its status control and a link to its detail. */
export function OrdersPage() {
  const orders = useRequest(listOrders, { auto: true });
  const statuses = useRequest(listOrderStatuses, { auto: true });
  const stats = useRequest(getStats, { auto: true });
  const { retry: retryOrders } = orders;
  const { retry: retryStats } = stats;
  // An update changes the list and the totals: read both again.
  const reloadOrders = useCallback(() => {
    retryOrders();
    retryStats();
  }, [retryOrders, retryStats]);
  const actions = useMemo(() => ({ statuses: statuses.data ?? noStatuses, reloadOrders }), [statuses.data, reloadOrders]);

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
          data={orders.data ?? noOrders}
          columns={orderColumns}
          defaultSort={byName}
          getRowId={rowId}
          rowClassName={refundRow}
          emptyMessage={orders.loading ? 'Loading orders…' : 'There are no orders yet.'}
          toolbar={(visible) => (
            <Button variant="secondary" size="sm" isDisabled={visible.length === 0} onPress={() => downloadText('orders.csv', ordersToCsv(visible))}>
              Export CSV
            </Button>
          )}
        />
      </OrderActionsContext.Provider>
    </Page>
  );
}
