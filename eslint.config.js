import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import layers from './eslint-rules/layers.mjs';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.data/', 'openapi/schema.d.ts', 'test-results/', 'playwright-report/', 'reports/', 'bench/', '.stryker-tmp/'] },
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
