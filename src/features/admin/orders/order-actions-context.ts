import { createContext, useContext } from 'react';
import type { AdminOrder, OrderStatus } from '../../../../openapi/schema';

/** What every row's update control needs from the orders screen. */
export interface OrderActions {
  statuses: readonly OrderStatus[];
  /** A saved row replaces the row shown (and the totals are read again); nothing else is reloaded. */
  orderSaved: (order: AdminOrder) => void;
  /** Someone else changed an order first (409): the page is read again to show what is stored. */
  reloadOrders: () => void;
}

export const OrderActionsContext = createContext<OrderActions>({ statuses: [], orderSaved: () => {}, reloadOrders: () => {} });

export function useOrderActions(): OrderActions {
  return useContext(OrderActionsContext);
}
