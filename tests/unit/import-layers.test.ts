import path from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
// @ts-expect-error: a plain ES module rule (eslint-rules/layers.mjs) without type declarations
import layers from '../../eslint-rules/layers.mjs';

/** The import direction of the source tree (eslint-rules/layers.mjs): shared → features → app shell. */
RuleTester.describe = describe;
RuleTester.it = it;

const file = (relative: string) => path.resolve(import.meta.dirname, '../..', relative);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });

tester.run('sparkle/layers', layers, {
  valid: [
    { filename: file('src/features/admin/settings-page.tsx'), code: "import { ProfileForm } from '../../shared/account/profile-form';" },
    { filename: file('src/features/admin/shared/status-label.ts'), code: "import { x } from '../orders/order-columns';" },
    { filename: file('src/app/app-routes.tsx'), code: "import { safeRedirect } from '../features/account/safe-redirect';" },
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
