import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from 'react';
import type { ToastRequest } from './toast-host';

export type { ToastVariant } from './toast-host';

/**
 * Toasts (R-UI-3: 5 s, bottom right) without their library on the first page: notistack and its
 * CSS-in-JS runtime are a chunk of their own (toast-host.tsx), loaded with the first toast. Until
 * then the toasts asked for wait in a queue, so none is lost.
 */
const ToastHost = lazy(() => import('./toast-host'));

type ShowToast = (message: string, variant: ToastRequest['variant']) => void;
const ToastContext = createContext<ShowToast | null>(null);
// Ids only tell queued toasts apart (crypto.randomUUID needs a secure context; a counter does not).
let nextToastId = 0;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<ToastRequest[]>([]);
  const [hostWanted, setHostWanted] = useState(false);
  const show = useCallback<ShowToast>((message, variant) => {
    setHostWanted(true);
    setQueue((waiting) => [...waiting, { id: `toast-${nextToastId++}`, message, variant }]);
  }, []);
  const shown = useCallback((ids: string[]) => setQueue((waiting) => waiting.filter(({ id }) => !ids.includes(id))), []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      {hostWanted ? (
        <Suspense fallback={null}>
          <ToastHost queue={queue} onShown={shown} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}

/** `showToast(message, 'success' | 'error' | 'info')` */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a ToastProvider above it');
  return show;
}
