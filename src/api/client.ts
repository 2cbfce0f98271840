import createClient from 'openapi-fetch';
import type { paths } from '../../openapi/schema';
import { authMiddleware } from './auth-middleware';

/** The one API client. `VITE_API_URL` points the SPA at another host; the default is same-origin `/api`. */
export const apiBaseUrl: string = import.meta.env.VITE_API_URL ?? '/api';

export const api = createClient<paths>({ baseUrl: apiBaseUrl });
api.use(authMiddleware);
