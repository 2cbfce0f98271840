import { createContext, useContext } from 'react';
import type { OrderStatus } from '../../../api/list-order-statuses';

/** What every row's update control needs from the orders screen: the status list and a reload. */
export interface OrderActions {
  statuses: readonly OrderStatus[];
  reloadOrders: () => void;
}

export const OrderActionsContext = createContext<OrderActions>({ statuses: [], reloadOrders: () => {} });

export function useOrderActions(): OrderActions {
  return useContext(OrderActionsContext);
}
