import { adminRoutes as admin, publicRoutes as route } from './routes';
import { loginWithRedirect } from '../../domain/site/login-redirect';

/** A pattern's `:name` segments filled in ("/service/:id" → "/service/3"). */
const fill = (pattern: string, params: Record<string, number | string>) =>
  pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));

/** Links to the route table's pages (routes.ts, R-SITE-1, R-ADMIN-1): screens build URLs from here, never by hand. */
export const paths = {
  landing: route.landing.path,
  about: route.about.path,
  services: route.services.path,
  serviceDetail: (id: number | string) => fill(route.serviceDetail.path, { id }),
  login: (redirect?: string | null) => loginWithRedirect(redirect),
  register: route.register.path,
  forgotPassword: route.forgotPassword.path,
  resetPassword: (token: string) => fill(route.resetPassword.path, { token }),
  confirmEmail: (token: string) => fill(route.confirmEmail.path, { token }),
  contact: route.contact.path,
  faqs: route.faqs.path,
  properties: (serviceId: number | string, quote?: string) => `${fill(route.properties.path, { id: serviceId })}${quote ? `?quote=${encodeURIComponent(quote)}` : ''}`,
  placeOrder: route.placeOrder.path,
  profile: route.profile.path,
  myOrders: route.myOrders.path,
  receipt: (orderId: number | string) => fill(route.receipt.path, { id: orderId }),
  terms: route.terms.path,
  privacy: route.privacy.path,
  success: route.success.path,
  myJobs: route.myJobs.path,
  admin: {
    dashboard: '/',
    users: admin.users.path,
    orders: admin.orders.path,
    order: (id: number | string) => fill(admin.order.path, { id }),
    refunds: admin.refunds.path,
    settings: admin.settings.path,
    pricing: admin.pricing.path,
    customers: admin.customers.path,
    customer: (id: number | string) => fill(admin.customer.path, { id }),
    messages: admin.messages.path,
    schedule: admin.schedule.path,
    teams: admin.teams.path,
    reports: admin.reports.path,
    officeBooking: admin.officeBooking.path,
  },
} as const;

