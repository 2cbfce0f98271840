import { createContext, useContext } from 'react';

/** What every refund row's update control needs from the refunds screen. */
export const RefundActionsContext = createContext<{ reloadRefunds: () => void }>({ reloadRefunds: () => {} });

export function useRefundActions() {
  return useContext(RefundActionsContext);
}
