import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ours = (name) => [`@sweepstack/${name}`, `@sweepstack/${name}/*`];
const io = ['node:*', 'fs', 'path', 'crypto', 'http', 'https', 'net', 'child_process', 'os', 'fastify', 'fastify/*', '@fastify/*', 'kysely', 'better-sqlite3', 'pg', 'ioredis', 'react', 'react-dom', 'react-router', 'socket.io', 'socket.io-client'];

/** Dependency direction of DESIGN.md: apps → contracts, db, domain, games → nothing of ours; db → domain (types only). */
const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/build/**', '**/.react-router/**', 'data/**', 'test-results/**', 'playwright-report/**', 'e2e/artifacts/**', 'bench/results/**', 'docs/api/**', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: [...ours('db'), ...ours('domain/*/repositories'), ...ours('server'), ...ours('testkit')], message: 'The web app talks to the server over HTTP; it may import contracts, domain and games only.' }],
          paths: [{ name: 'react-i18next', importNames: ['useTranslation'], message: "Use app/i18n/use-translation: react-i18next's copies the i18next instance per component (docs/page-serving.md)." }],
        },
      ],
    },
  },
  {
    files: ['packages/domain/**/*.ts', 'packages/games/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      ...restrict([...ours('contracts'), ...ours('db'), ...ours('server'), ...ours('web'), ...ours('testkit'), ...ours('domain').filter(() => false), ...io], 'domain and games are pure: no IO, no framework, no other package of ours.'),
      'no-restricted-globals': ['error', { name: 'process', message: 'domain and games read no process.env' }, { name: 'Date', message: 'take a Clock instead' }],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'take an Rng instead' }],
    },
  },
  { files: ['packages/games/src/cli/**/*.ts'], rules: { 'no-restricted-imports': 'off', 'no-restricted-globals': 'off' } },
  {
    files: ['packages/contracts/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict([...ours('db'), ...ours('domain'), ...ours('games'), ...ours('server'), ...ours('web'), ...ours('testkit')], 'contracts depend on nothing of ours.'),
  },
  {
    files: ['packages/db/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict([...ours('contracts'), ...ours('games'), ...ours('server'), ...ours('web'), ...ours('testkit')], 'db may use domain types only.'),
  },
  {
    files: ['apps/server/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/testing/**'],
    rules: restrict([...ours('web'), ...ours('testkit')], 'the server does not import the web app or the testkit.'),
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.ts', 'e2e/**/*.ts', '**/*.test.ts', 'packages/testkit/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
