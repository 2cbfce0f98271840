import { ApiError, messageFromBody, normaliseError } from './errors';

/** One page of a server-side list and how many rows the whole list holds (X-Total-Count). */
export interface PageOf<Row> {
  rows: Row[];
  total: number;
  /** A search found more than it counts: `total` is that cap plus one, "more than" (X-Total-Count-Exact: false, decision 092). */
  totalIsLowerBound?: boolean;
}

/** Unwraps a paged list answer (docs/decisions/011): the body is the page, the total is a header. */
export async function unwrapPage<Row>(call: Promise<{ data?: Row[]; error?: unknown; response: Response }>): Promise<PageOf<Row>> {
  let result: { data?: Row[]; error?: unknown; response: Response };
  try {
    result = await call;
  } catch (error) {
    throw normaliseError(error);
  }
  if (!result.response.ok) throw new ApiError(messageFromBody(result.error, result.response.status), result.response.status);
  const rows = result.data ?? [];
  const total = Number(result.response.headers.get('x-total-count') ?? rows.length);
  const lowerBound = result.response.headers.get('x-total-count-exact') === 'false';
  return { rows, total: Number.isFinite(total) ? total : rows.length, ...(lowerBound ? { totalIsLowerBound: true } : {}) };
}
