import { useParams } from 'react-router-dom';
import { getOrder } from '../../../api/get-order';
import { paths } from '../../../app/paths';
import { useRequest } from '../../../app/use-request';
import { Alert, Button, LinkButton, Page, Spinner } from '../../../components/ui';
import { OrderDetailView } from './order-detail-view';
import './order-detail.css';

/** SPEC 2 /order/:id: one order in full, with its audit trail; Back returns to /orders. */
export function OrderDetailPage() {
  const { id = '' } = useParams();
  const orderId = /^\d+$/.test(id) ? Number(id) : null;
  const order = useRequest(getOrderOrFail, { auto: true, params: orderId });

  return (
    <Page title={`Order ${id}`} heading={`Order #${id}`} width="full">
      <LinkButton href={paths.admin.orders} variant="secondary" size="sm" className="order-detail__back">
        <span aria-hidden="true">←</span> Back to orders
      </LinkButton>
      {order.loading ? <Spinner label="Loading the order" /> : null}
      {order.error ? (
        <Alert variant="error" className="load-error">
          {order.error} {orderId !== null ? <Button size="sm" variant="secondary" onPress={order.retry}>Try again</Button> : null}
        </Alert>
      ) : null}
      {order.data ? <OrderDetailView order={order.data} /> : null}
    </Page>
  );
}

function getOrderOrFail(id: number | null) {
  return id === null ? Promise.reject(new Error('Order not found')) : getOrder(id);
}
