// @ts-check
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './eslint-rules/boundaries.js';
import noEffectSend from './eslint-rules/no-effect-send.js';
import noCycle from './eslint-rules/no-cycle.js';
import fileNames from './eslint-rules/file-names.js';

const local = {
  rules: { ...boundaries.rules, 'no-effect-send': noEffectSend, 'no-cycle': noCycle, 'file-names': fileNames },
};

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-*/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      '.sandbox-data/',
      'shared/api/schema.d.ts',
      'bench/results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { local },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Layers and features (ARCHITECTURE.md): see eslint-rules/boundaries.js.
      'local/boundaries': 'error',
    },
  },
  {
    // No import cycles (eslint-rules/no-cycle.js): layers point one way. Names: kebab-case, test-only helpers end
    // in .fixture.ts (eslint-rules/file-names.js). The app, the machines, the sandbox and shared/ alike.
    rules: { 'local/no-cycle': 'error', 'local/file-names': 'error' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // Flows talk through the root app machine, not through effects (eslint-rules/no-effect-send.js).
      'local/no-effect-send': 'error',
    },
  },
  {
    files: ['machines/**/*.ts'],
    ignores: ['machines/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react-dom/*', '@xstate/react', 'react-*', 'react-router*'],
              message: 'machines/ is free of React.',
            },
            {
              group: ['openapi-fetch', 'pusher-js'],
              message: 'machines/ gets side effects as named actors supplied with .provide().',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'localStorage',
          'sessionStorage',
          'navigator',
          'fetch',
          'XMLHttpRequest',
          'location',
        ].map((name) => ({
          name,
          message: 'machines/ is free of DOM, network and storage: use actors and input.',
        })),
      ],
    },
  },
);
