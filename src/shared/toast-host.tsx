import { enqueueSnackbar, SnackbarProvider } from 'notistack';
import './toast-host.css';
import { useEffect } from 'react';

export type ToastVariant = 'success' | 'error' | 'info' | 'warning';
export interface ToastRequest {
  id: string;
  message: string;
  variant: ToastVariant;
}

interface ToastHostProps {
  queue: ToastRequest[];
  onShown: (ids: string[]) => void;
}

/** The lazy half of toasts.tsx: notistack's provider, and the queue handed to it once it is there. */
export default function ToastHost({ queue, onShown }: ToastHostProps) {
  useEffect(() => {
    if (queue.length === 0) return;
    for (const toast of queue) enqueueSnackbar(toast.message, { variant: toast.variant, key: toast.id });
    onShown(queue.map(({ id }) => id));
  }, [queue, onShown]);
  // notistack renders each toast with role=alert, so screen readers announce it.
  return <SnackbarProvider autoHideDuration={5000} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} maxSnack={3} />;
}
