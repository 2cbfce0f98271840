import { createContext, useContext } from 'react';
import type { RefundRequest } from '../../../../openapi/schema';

/** What every refund row's update control needs from the refunds screen. */
export interface RefundActions {
  /** A decided request replaces the row shown; nothing else is reloaded. */
  refundSaved: (refund: RefundRequest) => void;
  /** A refused decision (409): the page is read again to show what is stored. */
  reloadRefunds: () => void;
}

export const RefundActionsContext = createContext<RefundActions>({ refundSaved: () => {}, reloadRefunds: () => {} });

export function useRefundActions() {
  return useContext(RefundActionsContext);
}
