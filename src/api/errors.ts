import { peopleWordsFor } from './field-words';

/**
 * One error normaliser (R-UI-1): the server's `message` when present, else the generic client
 * messages: Network Error, Request aborted, timeout exceeded, Request failed with status code N.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function messageFromBody(body: unknown, status: number): string {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) {
    // The contract validator's text is said as a sentence about the field (issue 25 row 5).
    return status === 400 ? peopleWordsFor(body.message) : body.message;
  }
  return `Request failed with status code ${status}`;
}

export function normaliseError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof DOMException || (error instanceof Error && error.name === 'AbortError')) {
    return new ApiError('Request aborted', null);
  }
  if (error instanceof Error && error.name === 'TimeoutError') return new ApiError('timeout exceeded', null);
  return new ApiError('Network Error', null);
}

/**
 * Unwraps an openapi-fetch result: the data, or a thrown ApiError with the message to show.
 * Every actor that calls the API goes through here, so screens see one kind of error.
 */
export async function unwrap<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await call;
  } catch (error) {
    throw normaliseError(error);
  }
  if (!result.response.ok) throw new ApiError(messageFromBody(result.error, result.response.status), result.response.status);
  return result.data as T;
}
