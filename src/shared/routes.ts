import type { PublicReadName } from './preload';

/**
 * The one route table (R-SITE-1, R-ADMIN-1): every page's path pattern, the module of its lazy
 * screen, whether it is prerendered at build, whether it needs a sign-in, and the public reads it
 * starts. Everything else is derived from it: the link builders (paths.ts), the patterns the client
 * and the server match (page-routes.ts), the lazy screens (src/app/lazy-routes.ts), the React routes
 * (src/app/app-routes.tsx, admin-app.tsx), the reads a route starts (src/app/route-reads.ts) and the
 * prerendered pages (scripts/prerender.ts). No React and no runtime import here: the server and the
 * build scripts read it too.
 */
export interface PublicRoute {
  /** A pattern: `:id` is a record's id (page-routes.ts `pageId`), `:token` any one segment. */
  path: string;
  /** The lazy screen's module, as the build manifest names it. */
  module: string;
  /** Prerendered at build (the service detail page is prerendered once per seeded service). */
  prerender?: boolean;
  /** Behind login: a visitor is sent to /login and back (R-SITE-8). */
  signIn?: boolean;
  /** The public API reads the page needs, started with its chunk (issue 6, goal 3). */
  reads?: (params: Record<string, string>) => Array<[PublicReadName, unknown?]>;
}

export const publicRoutes = {
  landing: { path: '/', module: 'src/features/public/landing-page.tsx', prerender: true, reads: () => [['services'], ['counters'], ['testimonies']] },
  about: { path: '/about', module: 'src/features/public/about-page.tsx', prerender: true },
  services: { path: '/home', module: 'src/features/public/services-page.tsx', prerender: true, reads: () => [['services']] },
  serviceDetail: { path: '/service/:id', module: 'src/features/public/service-detail-page.tsx', prerender: true, reads: ({ id }) => [['serviceDetail', Number(id)], ['quoteOptions', Number(id)]] },
  login: { path: '/login', module: 'src/features/account/login-page.tsx', prerender: true },
  register: { path: '/register', module: 'src/features/account/register-page.tsx', prerender: true },
  forgotPassword: { path: '/forget-password', module: 'src/features/account/forgot-password-page.tsx', prerender: true },
  resetPassword: { path: '/reset-password/:token', module: 'src/features/account/reset-password-page.tsx' },
  confirmEmail: { path: '/confirm-email/:token', module: 'src/features/account/confirm-email-page.tsx' },
  contact: { path: '/contact', module: 'src/features/public/contact-page.tsx', prerender: true },
  faqs: { path: '/faqs', module: 'src/features/public/faqs-page.tsx', prerender: true, reads: () => [['faqs']] },
  properties: { path: '/properties/:id', module: 'src/features/booking/properties-page.tsx', signIn: true },
  placeOrder: { path: '/placeorder', module: 'src/features/booking/place-order-page.tsx', signIn: true },
  profile: { path: '/profile', module: 'src/features/account/profile-page.tsx', signIn: true },
  myOrders: { path: '/profile-services', module: 'src/features/orders/my-orders-page.tsx', signIn: true },
  receipt: { path: '/orders/:id/receipt', module: 'src/features/orders/receipt-page.tsx', signIn: true },
  terms: { path: '/terms-condition', module: 'src/features/public/terms-page.tsx', prerender: true },
  privacy: { path: '/privacy-policy', module: 'src/features/public/privacy-page.tsx', prerender: true },
  success: { path: '/success', module: 'src/features/public/success-page.tsx' },
} as const satisfies Record<string, PublicRoute>;

/** The back office's pages besides its dashboard (`/`); all in the back office's one chunk. */
export const adminRoutes = {
  users: { path: '/users' },
  orders: { path: '/orders' },
  order: { path: '/order/:id' },
  refunds: { path: '/refund-orders' },
  settings: { path: '/settings' },
  pricing: { path: '/settings/pricing' },
  customers: { path: '/customers' },
  customer: { path: '/customers/:id' },
  messages: { path: '/messages' },
  schedule: { path: '/schedule' },
  teams: { path: '/teams' },
} as const satisfies Record<string, { path: string }>;

/** Screens that are no route of their own: the not-found page, and the back office (administrators only). */
export const shellModules = {
  notFound: 'src/features/public/not-found-page.tsx',
  admin: 'src/features/admin/admin-app.tsx',
} as const;

export type PublicPageName = keyof typeof publicRoutes;
export type AdminPageName = keyof typeof adminRoutes;

/** Every lazily loaded screen's module by name (the build manifest's keys). */
export const routeModules = {
  ...(Object.fromEntries(Object.entries(publicRoutes).map(([name, route]) => [name, route.module])) as { [K in PublicPageName]: (typeof publicRoutes)[K]['module'] }),
  ...shellModules,
};

/** The routes prerendered as they are (the service detail page is added per seeded service). */
export const prerenderedRoutes = (Object.values(publicRoutes) as PublicRoute[]).filter((route) => route.prerender && !route.path.includes(':'));
