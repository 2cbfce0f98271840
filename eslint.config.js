import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import layers from './eslint-rules/layers.mjs';

const NO_REQUEST_CASTS = {
  selector: ":matches(TSAsExpression, TSTypeAssertion) > MemberExpression.expression[object.name=/^(request|req)$/][property.name=/^(body|params|query|headers)$/]",
  message: 'Do not cast the request: its body, params, query and headers are typed from the contract (Handlers, server/lib/operation-types.ts).',
};
/** An order status typed inside SQL ('cancelled'): the domain's typed names go in instead (decision 096). tests/unit/status-literals-lint.test.ts. */
const STATUS_IN_SQL = "/'(awaiting_validation|payment_validated|completed|cancelled)'/";
const STATUS_SQL_MESSAGE = "An order status typed in SQL: write ${sqlStatus(CANCELLED_STATUS)} or ${sqlStatuses(IN_QUEUE_STATUSES)} (server/repositories/order-status-sql.ts), from domain/orders/order-statuses.ts.";
const NO_STATUS_IN_SQL = [
  { selector: `TemplateElement[value.raw=${STATUS_IN_SQL}]`, message: STATUS_SQL_MESSAGE },
  { selector: `Literal[value=${STATUS_IN_SQL}]`, message: STATUS_SQL_MESSAGE },
];
const STATUS_SQL_ALLOWED = [
  // Job states of the local queue ('completed', 'failed'), not order statuses.
  'server/queue/local-queue.ts',
  'server/repositories/expired-rows.ts',
];
const ORDER_STATUS_NAME = '/^(awaiting_validation|payment_validated|completed|cancelled)$/';
const NO_STATUS_COMPARISON = {
  selector: `BinaryExpression[operator=/^[!=]==?$/]:matches([left.property.name='status'][right.value=${ORDER_STATUS_NAME}], [right.property.name='status'][left.value=${ORDER_STATUS_NAME}])`,
  message: "A status compared by its name: ask domain/orders/order-statuses.ts (isInQueue, isCancelled, COMPLETED_STATUS, the sets) what it means.",
};

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.data/', 'openapi/schema.d.ts', 'server/db/schema.d.ts', 'test-results/', 'playwright-report/', 'reports/', 'bench/', '.stryker-tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, sparkle: { rules: { layers } } },
    rules: {
      'sparkle/layers': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Handlers read the request as the contract types it (server/lib/operation-types.ts, checked at run time by the
    // same document): a cast would hide a contract change from the compiler. tests/unit/request-casts-lint.test.ts.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', NO_REQUEST_CASTS, ...NO_STATUS_IN_SQL, NO_STATUS_COMPARISON],
    },
  },
  {
    // Files whose SQL still types an order status (issue 35: moved to repositories/ by another change); a list that only shrinks.
    files: STATUS_SQL_ALLOWED,
    rules: { 'no-restricted-syntax': ['error', NO_REQUEST_CASTS, NO_STATUS_COMPARISON] },
  },
  {
    // The client, the machines and the rest of domain/ read what a status means from the transition table in
    // domain/orders/order-statuses.ts (isInQueue, isCancelled, canChangeStatus, the sets), never by its name;
    // the server too (above, decision 111).
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts', 'domain/**/*.ts'],
    ignores: ['domain/orders/order-statuses.ts'],
    rules: { 'no-restricted-syntax': ['error', NO_STATUS_COMPARISON] },
  },
  {
    // machines/ stay pure: no network, no DOM, no app code (side effects are actors passed in). The rules they
    // share with the server (UK time, money, terms) come from domain/ (decision 035), which the layer rule allows.
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['../src/*', 'react', 'react-dom', 'openapi-fetch'] },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'fetch'],
    },
  },
);
