import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import portal, { rulesEntryNames } from './tools/eslint-plugin-portal.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', 'apps/server/drizzle/**', '**/test-results/**', '**/playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Who may import whom: tools/eslint-plugin-portal.js and docs/architecture.md.
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts'],
    plugins: { portal },
    rules: { 'portal/boundaries': 'error' },
  },
  {
    // A route reads top to bottom: schema, guard, one service call, status code. It never queries.
    files: ['apps/server/src/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Routes do not query: call a service.' },
            { group: ['**/db/schema', '**/db/client'], message: 'Routes do not touch the database: call a service.' },
          ],
        },
      ],
    },
  },
  {
    // One home for each value: what `@portal/contract/rules` holds is imported from there (Zod-free), never
    // through the main entry, so a page that needs a constant does not pull the schemas (decision 10).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@portal/contract', importNames: rulesEntryNames(), allowTypeImports: true, message: "Import it from '@portal/contract/rules'." }],
        },
      ],
    },
  },
  {
    files: ['**/scripts/**', 'bench/**', 'e2e/**', '.ci/**', 'tools/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // `@portal/contract/rules` depends on nothing: the web shell and list pages load it without Zod or phone metadata.
    files: ['packages/contract/src/rules/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['zod', 'zod/*', 'libphonenumber-js', 'libphonenumber-js/*'],
              message: 'The rules entry has no dependency: schemas and phone checks live in the contract files beside it.',
            },
            { group: ['../*'], message: 'The rules import only rules: the contract files beside them bring Zod.' },
          ],
        },
      ],
    },
  },
);
