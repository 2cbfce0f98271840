import createClient from 'openapi-fetch';
import type { paths } from '../../../openapi/schema';
import { e2eBaseUrl } from './server-env';

export type ApiClient = ReturnType<typeof createClient<paths>>;

/** A typed client against the end-to-end server, optionally acting as a logged-in user. */
export function createApiClient(token?: string): ApiClient {
  return createClient<paths>({
    baseUrl: `${e2eBaseUrl}/api`,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
}

/** Throws with the server's message when a call failed; tests set up data with it. */
export async function ok<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${JSON.stringify(error)}`);
  return data as T;
}
