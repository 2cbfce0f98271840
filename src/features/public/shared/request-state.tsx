import type { ReactNode } from 'react';
import { Alert, Button, Spinner } from '../../../components/ui';
import './request-state.css';

interface RequestStateProps<TData> {
  /** A slice of `useRequest`: what the shared request machine says about one read. */
  request: { loading: boolean; data: TData | null; error: string | null; failed: boolean };
  onRetry: () => void;
  /** What is loading, for the spinner's label ("Loading services"). */
  label: string;
  /** Space kept while loading or failed, so the page does not jump when the data arrives. */
  minHeight: string;
  children: (data: TData) => ReactNode;
}

/**
 * The three faces of a read: a spinner while loading, the error with a Retry button on failure,
 * the content on success. The box keeps `minHeight` in every phase.
 */
export function RequestState<TData>({ request, onRetry, label, minHeight, children }: RequestStateProps<TData>) {
  const { data, error, failed } = request;
  return (
    <div className="request-state" style={{ minHeight }} aria-busy={request.loading}>
      {failed ? (
        <div className="request-state__failure">
          <Alert variant="error">{error}</Alert>
          <Button variant="secondary" onPress={onRetry}>
            Retry
          </Button>
        </div>
      ) : data !== null ? (
        children(data)
      ) : (
        <div className="request-state__loading">
          <Spinner label={label} />
        </div>
      )}
    </div>
  );
}
