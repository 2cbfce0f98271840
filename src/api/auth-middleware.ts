import type { Middleware } from 'openapi-fetch';

type TokenSource = () => string | null;
type UnauthorizedListener = () => void;

let tokenSource: TokenSource = () => null;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** The session machine tells the client where the current token lives. */
export function setTokenSource(source: TokenSource): void {
  tokenSource = source;
}

/** Called when an authenticated call answers 401 (R-AUTH-4: the user is logged out). */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export const authMiddleware: Middleware = {
  onRequest({ request }) {
    const token = tokenSource();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
  onResponse({ request, response }) {
    // Only a call that carried a token can mean "your session ended"; a failed login is also a 401.
    if (response.status === 401 && request.headers.has('Authorization')) {
      unauthorizedListeners.forEach((listener) => listener());
    }
    return response;
  },
};
