import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import kaoshi from './eslint-rules/no-literal-ui-string.js';
import kaoshiServer from './eslint-rules/no-query-outside-repository.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // User-visible words come from i18n resources; names shown in their own language are allowed.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx'],
    plugins: { kaoshi },
    rules: {
      'kaoshi/no-literal-ui-string': [
        'error',
        { allow: ['Kaoshi', '中文', 'English', 'Español', '日本語'] },
      ],
    },
  },
  {
    // Kysely queries only in *.repository.ts and db/ (the rule itself lets tests and fixtures query).
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'kaoshi-server': kaoshiServer },
    rules: { 'kaoshi-server/no-query-outside-repository': 'error' },
  },
);
