/**
 * Every page of the site as a path pattern, by name: the one list the client's route table
 * (src/shared/routes.ts, which adds each page's screen and reads), its routes (app-routes.tsx,
 * admin-app.tsx), its start-up and the server's history fallback (server/plugins/not-found.ts) are
 * derived from, so the server answers HTTP 404 exactly for the paths the app does not know (issue 11
 * row 19). An `:id` is a record's id (`pageId`); `:token` any one segment. Pure: the server imports it.
 */
export const publicPages = {
  landing: '/',
  about: '/about',
  services: '/home',
  serviceDetail: '/service/:id',
  login: '/login',
  register: '/register',
  forgotPassword: '/forget-password',
  resetPassword: '/reset-password/:token',
  confirmEmail: '/confirm-email/:token',
  contact: '/contact',
  faqs: '/faqs',
  properties: '/properties/:id',
  placeOrder: '/placeorder',
  profile: '/profile',
  myOrders: '/profile-services',
  receipt: '/orders/:id/receipt',
  terms: '/terms-condition',
  privacy: '/privacy-policy',
  success: '/success',
  myJobs: '/my-jobs',
} as const;

/** The back office's pages besides its dashboard (which is `/`); all in the back office's one chunk. */
export const adminPages = {
  users: '/users',
  orders: '/orders',
  order: '/order/:id',
  refunds: '/refund-orders',
  settings: '/settings',
  pricing: '/settings/pricing',
  customers: '/customers',
  customer: '/customers/:id',
  messages: '/messages',
  schedule: '/schedule',
  teams: '/teams',
  reports: '/reports',
  officeBooking: '/book-by-phone',
} as const;

export type PublicPageName = keyof typeof publicPages;
export type AdminPageName = keyof typeof adminPages;

export type PageMatch =
  | { area: 'public'; name: PublicPageName; params: Record<string, string> }
  | { area: 'admin'; name: AdminPageName; params: Record<string, string> };

/**
 * The record a page's `:id` names: a whole number within the contract's `Id` parameter
 * (openapi/openapi.yaml: 1 … 2147483647), else null — no record can have it, the page is not found.
 */
export function pageId(text: string | undefined): number | null {
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}

function matches(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const have = path.split('/');
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of want.entries()) {
    const actual = have[index]!;
    if (part === ':id') {
      if (pageId(actual) === null) return null;
      params.id = actual;
    } else if (part.startsWith(':')) {
      if (!actual) return null;
      params[part.slice(1)] = actual;
    } else if (part !== actual) {
      return null;
    }
  }
  return params;
}

/** The page a path names (a trailing slash is the same page), or null: not a page of this site. */
export function matchPage(pathname: string): PageMatch | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  for (const [name, pattern] of Object.entries(publicPages)) {
    const params = matches(pattern, path);
    if (params) return { area: 'public', name: name as PublicPageName, params };
  }
  for (const [name, pattern] of Object.entries(adminPages)) {
    const params = matches(pattern, path);
    if (params) return { area: 'admin', name: name as AdminPageName, params };
  }
  return null;
}

/** A pattern as a React Router path below the layout route ("/service/:id" → "service/:id"). */
export const routePath = (pattern: string) => pattern.replace(/^\//, '');
