import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import layers from './eslint-rules/layers.mjs';

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
      'no-restricted-syntax': [
        'error',
        {
          selector: ":matches(TSAsExpression, TSTypeAssertion) > MemberExpression.expression[object.name=/^(request|req)$/][property.name=/^(body|params|query|headers)$/]",
          message: 'Do not cast the request: its body, params, query and headers are typed from the contract (Handlers, server/lib/operation-types.ts).',
        },
      ],
    },
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
