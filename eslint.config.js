// @ts-check
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** src/features/<area> may not import another area: one zone per pair. */
const features = (() => {
  try {
    return readdirSync('src/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  } catch {
    return [];
  }
})();
const featureZones = features.flatMap((area) =>
  features
    .filter((other) => other !== area)
    .map((other) => ({
      target: `./src/features/${area}`,
      from: `./src/features/${other}`,
      message: 'Features do not import each other: move shared code to src/ui or src/lib.',
    })),
);

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', '.sandbox-data/', 'src/lib/api/schema.d.ts', 'bench/results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-duplicates': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: [
        ...featureZones,
        { target: './src/ui', from: './src/features', message: 'src/ui knows nothing of features.' },
        { target: './src', from: './sandbox', message: 'The app never imports the sandbox.' },
      ] }],
      // Server-provided HTML goes through DOMPurify in one place only (src/ui/safe-html.tsx).
      'react/no-danger': 'off',
    },
  },
  {
    files: ['machines/**/*.ts'],
    ignores: ['machines/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['react', 'react-dom', 'react-dom/*', '@xstate/react', 'react-*', 'react-router*'], message: 'machines/ is free of React.' },
        { group: ['openapi-fetch', 'pusher-js'], message: 'machines/ gets side effects as named actors supplied with .provide().' },
        { regex: '(^|/)src/(?!lib/api/schema$)', message: 'machines/ imports nothing of src/ but the generated API types.' },
      ] }],
      'no-restricted-globals': ['error',
        ...['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'fetch', 'XMLHttpRequest', 'location'].map((name) => ({
          name, message: 'machines/ is free of DOM, network and storage: use actors and input.',
        })),
      ],
    },
  },
  {
    files: ['sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/src/**'], message: 'The sandbox never imports src/.' }] }],
    },
  },
);
