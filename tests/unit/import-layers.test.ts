import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
// @ts-expect-error: a plain ES module rule (eslint-rules/layers.mjs) without type declarations
import layers from '../../eslint-rules/layers.mjs';

/**
 * The import direction of the source tree (eslint-rules/layers.mjs): shared → features → app shell on
 * the client; on the server every folder ranked (routes → plugins → jobs → services → mails → queue →
 * repositories → lib → db, decisions 077 and 098), no skipped link on routes → services → repositories
 * → db and no SQL outside the data layer; domain/ below both, importing nothing but the contract's types and generated rules.
 */
RuleTester.describe = describe;
RuleTester.it = it;

const file = (relative: string) => path.resolve(import.meta.dirname, '../..', relative);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
// `import type` is TypeScript: the server and domain cases are parsed as the project parses them.
const typescript = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });

tester.run('sparkle/layers', layers, {
  valid: [
    { filename: file('src/features/admin/settings-page.tsx'), code: "import { ProfileForm } from '../../shared/account/profile-form';" },
    { filename: file('src/features/admin/shared/status-label.ts'), code: "import { x } from '../orders/order-columns';" },
    { filename: file('src/app/app-routes.tsx'), code: "import LoginPage from '../features/account/login-page';" },
    { filename: file('src/main.tsx'), code: "const start = () => import('./app/start');" },
    { filename: file('src/components/quantity-field.tsx'), code: "import { MAX_QUANTITY } from '../../machines/booking.machine';" },
  ],
  invalid: [
    { filename: file('src/features/public/service-detail-page.tsx'), code: "import { OrderCard } from '../orders/order-card';", errors: [{ messageId: 'acrossFeatures' }] },
    { filename: file('src/features/admin/orders/orders-page.tsx'), code: "import { LoginPage } from '../../account/login-page';", errors: [{ messageId: 'acrossFeatures' }] },
    { filename: file('src/features/orders/my-orders-page.tsx'), code: "import { AppRoutes } from '../../app/app-routes';", errors: [{ messageId: 'intoShell' }] },
    { filename: file('src/shared/session.tsx'), code: "export { start } from '../app/start';", errors: [{ messageId: 'intoShell' }] },
    { filename: file('src/lib/dates.ts'), code: "const page = () => import('../features/account/login-page');", errors: [{ messageId: 'sharedIntoFeature' }] },
    { filename: file('machines/booking.machine.ts'), code: "import { x } from '../src/features/booking/item-checklist';", errors: [{ messageId: 'sharedIntoFeature' }] },
  ],
});

typescript.run('sparkle/layers (server and domain)', layers, {
  valid: [
    { filename: file('server/routes/booking.ts'), code: "import { checkout } from '../services/checkout';" },
    { filename: file('server/services/quotes.ts'), code: "import { quoteRepository } from '../repositories/quotes';" },
    { filename: file('server/repositories/orders.ts'), code: "import type { Database } from '../db/database';" },
    { filename: file('server/services/checkout.ts'), code: "import { percentOf } from '../../domain/money/money';" },
    { filename: file('server/repositories/teams.ts'), code: "import { londonDaysSpan } from '../../domain/time/london-days';" },
    { filename: file('src/features/orders/order-card.tsx'), code: "import { formatMoney } from '../../../domain/money/money';" },
    { filename: file('machines/booking.machine.ts'), code: "import { formatLondon } from '../domain/time/london-time';" },
    { filename: file('domain/terms/cancellation-terms.ts'), code: "import { percentOf } from '../money/money';" },
    { filename: file('domain/orders/order-statuses.ts'), code: "import type { OrderStatus } from '../../openapi/schema';" },
    { filename: file('domain/site/postcodes.ts'), code: "import { PostcodeRules } from '../../openapi/rules';" },
    { filename: file('server/jobs/reminders.ts'), code: "import { sendReminder } from '../services/reminders';" },
    { filename: file('server/services/payments.ts'), code: "import type { MailOutbox } from '../queue';" },
    { filename: file('server/mails/order-parts.ts'), code: "import type { Mail } from '../queue/mail';" },
    { filename: file('server/routes/page-answer.ts'), code: "import type { Page } from '../repositories/paging';" },
    { filename: file('server/repositories/orders.ts'), code: "const rows = await db.query('SELECT 1', []);" },
    { filename: file('server/repositories/health.ts'), code: "import { pendingMigrations } from '../db/migrate';" },
    { filename: file('server/services/orders.ts'), code: "import type { Database } from '../db/database';" },
    { filename: file('server/jobs/index.ts'), code: "import { purgeExpired } from '../services/purge';" },
    { filename: file('server/config.ts'), code: "import { DEFAULT_RATE_LIMITS } from './rate-limits';" },
    { filename: file('server/services/orders.ts'), code: "const found = await orderRepository(db).find(1);" },
    { filename: file('server/repositories/accounts-documents.ts'), code: "const text = `SELECT number FROM invoices UNION ALL SELECT number FROM credit_notes`;" },
    { filename: file('server/services/mails.ts'), code: "const words = 'Select a date from the calendar';" },
  ],
  invalid: [
    { filename: file('server/repositories/series.ts'), code: "import { occurrenceStart } from '../services/series-planning';", errors: [{ messageId: 'serverUpward' }] },
    { filename: file('server/services/orders.ts'), code: "import { bookingHandlers } from '../routes/booking';", errors: [{ messageId: 'serverUpward' }] },
    { filename: file('server/db/database.ts'), code: "export { orderRepository } from '../repositories/orders';", errors: [{ messageId: 'serverUpward' }] },
    { filename: file('server/repositories/orders.ts'), code: "const load = () => import('../services/order-lines');", errors: [{ messageId: 'serverUpward' }] },
    { filename: file('server/plugins/not-found.ts'), code: "import { matchPage } from '../../src/shared/page-routes';", errors: [{ messageId: 'serverImportsClient' }] },
    { filename: file('server/services/availability.ts'), code: "import { x } from '../../machines/availability.machine';", errors: [{ messageId: 'serverImportsClient' }] },
    { filename: file('domain/money/pricing.ts'), code: "import { badRequest } from '../../server/lib/http-error';", errors: [{ messageId: 'domainImportsOut' }] },
    { filename: file('domain/time/london-days.ts'), code: "import { formatDateTime } from '../../src/lib/dates';", errors: [{ messageId: 'domainImportsOut' }] },
    { filename: file('domain/money/money.ts'), code: "import { document } from '../../openapi/openapi-document';", errors: [{ messageId: 'domainImportsOut' }] },
    { filename: file('server/services/payments.ts'), code: "import type { WorkerDeps } from '../jobs';", errors: [{ messageId: 'serverUpward' }] },
    { filename: file('server/mails/invoice-mails.ts'), code: "import { orderLines } from '../services/order-lines';", errors: [{ messageId: 'serverUpward' }] },
    { filename: file('server/queue/mail-delivery.ts'), code: "import type { Mail } from '../services/mail';", errors: [{ messageId: 'serverUpward' }] },
    { filename: file('server/lib/page-answer.ts'), code: "import type { Page } from '../repositories/paging';", errors: [{ messageId: 'serverUpward' }] },
    { filename: file('server/routes/home.ts'), code: "import { createContentRepository } from '../repositories/content-repository';", errors: [{ messageId: 'skipsLayer' }] },
    { filename: file('server/routes/admin.ts'), code: "import { pendingMigrations } from '../db/migrate';", errors: [{ messageId: 'skipsLayer' }] },
    // Decision 098: every link of the data chain is one step; top-level files are ranked too.
    { filename: file('server/plugins/authentication.ts'), code: "import { createUserRepository } from '../repositories/user-repository';", errors: [{ messageId: 'skipsLayer' }] },
    { filename: file('server/jobs/purge.ts'), code: "import { quoteRepository } from '../repositories/quotes';", errors: [{ messageId: 'skipsLayer' }] },
    { filename: file('server/services/health.ts'), code: "import { pendingMigrations } from '../db/migrate';", errors: [{ messageId: 'skipsLayer' }] },
    { filename: file('server/config.ts'), code: "import { DEFAULT_RATE_LIMITS } from './services/rate-limits';", errors: [{ messageId: 'serverUpward' }] },
    { filename: file('server/app-context.ts'), code: "import { operationsHandlers } from './routes/operations';", errors: [{ messageId: 'serverUpward' }] },
    { filename: file('server/services/stats.ts'), code: "const rows = await db.query('SELECT 1', []);", errors: [{ messageId: 'sqlOutsideRepositories' }] },
    { filename: file('server/routes/operations.ts'), code: "await ctx.db.query('SELECT 1');", errors: [{ messageId: 'sqlOutsideRepositories' }] },
    { filename: file('server/lib/rate-limiter.ts'), code: "await db.query('DELETE FROM rate_limits');", errors: [{ messageId: 'sqlOutsideRepositories' }, { messageId: 'sqlTextOutsideRepositories' }] },
    { filename: file('server/services/checkout.ts'), code: "const rows = await tx.query(`SELECT 1`, []);", errors: [{ messageId: 'sqlOutsideRepositories' }] },
    { filename: file('server/jobs/series.ts'), code: "await db.query('DELETE FROM series', []);", errors: [{ messageId: 'sqlOutsideRepositories' }, { messageId: 'sqlTextOutsideRepositories' }] },
    // Issue 35: SQL text in a service is SQL in a service, even when a repository runs it (the orders' CSV columns, the accounts' UNION before).
    { filename: file('server/services/orders-csv.ts'), code: "const COLUMNS = `(SELECT t.name FROM teams t WHERE t.id = o.team_id) AS team_name`;", errors: [{ messageId: 'sqlTextOutsideRepositories' }] },
    { filename: file('server/services/accounts-csv.ts'), code: "const DOCUMENTS = `SELECT 'invoice' AS kind, number FROM invoices WHERE issued_at >= $1 UNION ALL SELECT 'credit', number FROM credit_notes`;", errors: [{ messageId: 'sqlTextOutsideRepositories' }] },
    { filename: file('server/routes/admin.ts'), code: "const text = 'UPDATE orders SET status = $1';", errors: [{ messageId: 'sqlTextOutsideRepositories' }] },
    { filename: file('domain/orders/order-statuses.ts'), code: "import { ORDER } from '../../openapi/schema';", errors: [{ messageId: 'domainImportsOut' }] },
  ],
});
