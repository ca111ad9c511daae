// One lint setup for the whole repo (ESLint flat config + typescript-eslint).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/lib/**', '**/.tsbuild/**', '**/coverage/**', 'test-results/**', '.encore-data/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      eqeqeq: ['error', 'always'],
      'prefer-const': 'error',
    },
  },
  {
    // Every callable goes through triggers/bounded-call.ts, which refuses absurdly nested
    // bodies before the SDK logs them (issue 39).
    files: ['functions/src/**/*.ts'],
    ignores: ['functions/src/triggers/bounded-call.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'firebase-functions/v2/https', importNames: ['onCall'], message: "Use onCall from functions/src/triggers/bounded-call.ts." }] },
      ],
    },
  },
);
