import { adminPages, publicPages as page, type AdminPageName, type PublicPageName } from '../../domain/site/page-routes';
import type { PublicReadName } from './preload';

/**
 * The one route table (R-SITE-1, R-ADMIN-1): every page's path pattern (named in domain/site/page-routes.ts), the module of its lazy
 * screen, whether it is prerendered at build, whether it needs a sign-in, and the public reads it
 * starts. Everything else is derived from it: the link builders (paths.ts), the patterns the client
 * and the server match (domain/site/page-routes.ts), the lazy screens (src/app/lazy-routes.ts), the React routes
 * (src/app/app-routes.tsx, admin-app.tsx), the reads a route starts (src/app/route-reads.ts) and the
 * prerendered pages (scripts/prerender.ts). No React here: the build scripts read it too.
 */
export interface PublicRoute {
  /** A pattern: `:id` is a record's id (page-routes.ts `pageId`), `:token` any one segment. */
  path: string;
  /** The lazy screen's module, as the build manifest names it. */
  module: string;
  /**
   * Prerendered at build; a page of one service (`/service/:id`, `/properties/:id`) once per seeded
   * service. A page behind login is prerendered as a visitor's shell with its public data (the
   * booking page's items, issue 25 row 8): the signed-in parts come once the app runs.
   */
  prerender?: boolean;
  /**
   * Behind login: a visitor is sent to /login and back (R-SITE-8). `returning`: only someone who
   * has signed in on this browser before is; a first-time visitor sees the page itself, made for
   * them (the booking page: the price without an account, then register or log in; decision 080).
   */
  signIn?: boolean | 'returning';
  /** The public API reads the page needs, started with its chunk (issue 6, goal 3). */
  reads?: (params: Record<string, string>) => Array<[PublicReadName, unknown?]>;
}

export const publicRoutes = {
  landing: { path: page.landing, module: 'src/features/public/landing-page.tsx', prerender: true, reads: () => [['services'], ['counters'], ['testimonies']] },
  about: { path: page.about, module: 'src/features/public/about-page.tsx', prerender: true },
  services: { path: page.services, module: 'src/features/public/services-page.tsx', prerender: true, reads: () => [['services']] },
  serviceDetail: { path: page.serviceDetail, module: 'src/features/public/service-detail-page.tsx', prerender: true, reads: ({ id }) => [['serviceDetail', Number(id)], ['quoteOptions', Number(id)]] },
  login: { path: page.login, module: 'src/features/account/login-page.tsx', prerender: true },
  register: { path: page.register, module: 'src/features/account/register-page.tsx', prerender: true },
  forgotPassword: { path: page.forgotPassword, module: 'src/features/account/forgot-password-page.tsx', prerender: true },
  resetPassword: { path: page.resetPassword, module: 'src/features/account/reset-password-page.tsx' },
  confirmEmail: { path: page.confirmEmail, module: 'src/features/account/confirm-email-page.tsx' },
  contact: { path: page.contact, module: 'src/features/public/contact-page.tsx', prerender: true },
  faqs: { path: page.faqs, module: 'src/features/public/faqs-page.tsx', prerender: true, reads: () => [['faqs']] },
  properties: { path: page.properties, module: 'src/features/booking/properties-page.tsx', signIn: 'returning', prerender: true, reads: ({ id }) => [['quoteOptions', Number(id)]] },
  placeOrder: { path: page.placeOrder, module: 'src/features/booking/place-order-page.tsx', signIn: true },
  profile: { path: page.profile, module: 'src/features/account/profile-page.tsx', signIn: true },
  myOrders: { path: page.myOrders, module: 'src/features/orders/my-orders-page.tsx', signIn: true },
  receipt: { path: page.receipt, module: 'src/features/orders/receipt-page.tsx', signIn: true },
  terms: { path: page.terms, module: 'src/features/public/terms-page.tsx', prerender: true },
  privacy: { path: page.privacy, module: 'src/features/public/privacy-page.tsx', prerender: true },
  success: { path: page.success, module: 'src/features/public/success-page.tsx' },
  myJobs: { path: page.myJobs, module: 'src/features/cleaner/my-jobs-page.tsx', signIn: true },
} as const satisfies Record<PublicPageName, PublicRoute>;

/** The back office's pages besides its dashboard (`/`); all in the back office's one chunk. */
export const adminRoutes = Object.fromEntries(Object.entries(adminPages).map(([name, path]) => [name, { path }])) as {
  [K in AdminPageName]: { path: (typeof adminPages)[K] };
};

/** Screens that are no route of their own: the not-found page, and the back office (administrators only). */
export const shellModules = {
  notFound: 'src/features/public/not-found-page.tsx',
  admin: 'src/features/admin/admin-app.tsx',
} as const;

export type { AdminPageName, PublicPageName };

/** Every lazily loaded screen's module by name (the build manifest's keys). */
export const routeModules = {
  ...(Object.fromEntries(Object.entries(publicRoutes).map(([name, route]) => [name, route.module])) as { [K in PublicPageName]: (typeof publicRoutes)[K]['module'] }),
  ...shellModules,
};

/** The routes prerendered as they are (the pages of one service are added per seeded service). */
export const prerenderedRoutes = (Object.values(publicRoutes) as PublicRoute[]).filter((route) => route.prerender && !route.path.includes(':'));

/** The prerendered pages of one service (`:id` is its id), built once per seeded service. */
export const perServiceRoutes = (Object.values(publicRoutes) as PublicRoute[]).filter((route) => route.prerender && route.path.includes(':id'));
