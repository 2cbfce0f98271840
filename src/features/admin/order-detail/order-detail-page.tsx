import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { findOrder } from '../../../api/get-order';
import { pageId } from '../../../../domain/site/page-routes';
import { paths } from '../../../shared/paths';
import { useRequest } from '../../../shared/use-request';
import { Alert, Button, LinkButton, Page, Spinner } from '../../../components/ui';
import { OrderDetailView } from './order-detail-view';
import { orderNumberShown } from '../../../../domain/orders/order-reference';
import './order-detail.css';

/**
 * R-ADMIN-6 /order/:id: one order in full, with its audit trail; Back returns to /orders. An id that
 * names no order (/order/abc, /order/999999) is the not-found page: no raw validation text, no
 * Try again that cannot help (issue 11 row 19).
 */
export function OrderDetailPage({ notFound }: { notFound: ReactNode }) {
  const { id = '' } = useParams();
  const orderId = pageId(id);
  const order = useRequest(findOrder, { auto: orderId !== null, params: orderId ?? 0 });

  if (orderId === null || (order.succeeded && order.data === null)) return <>{notFound}</>;
  const shown = order.data ? orderNumberShown(order.data) : null;

  return (
    // The number people read is the reference (decision 073): the id stays in the address only.
    <Page title={shown ? `Order ${shown}` : 'Order'} heading={shown ? `Order ${shown}` : 'Order'} width="full">
      <LinkButton href={paths.admin.orders} variant="secondary" size="sm" className="order-detail__back">
        <span aria-hidden="true">←</span> Back to orders
      </LinkButton>
      {order.loading ? <Spinner label="Loading the order" /> : null}
      {order.error ? (
        <Alert variant="error" className="load-error">
          {order.error} <Button size="sm" variant="secondary" onPress={order.retry}>Try again</Button>
        </Alert>
      ) : null}
      {order.data ? <OrderDetailView order={order.data} onAdjusted={order.retry} /> : null}
    </Page>
  );
}
