import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/web/app/**/*.test.{ts,tsx}'],
          exclude: ['**/*.integration.test.ts', '**/node_modules/**', 'e2e/**'],
          setupFiles: ['packages/testkit/src/fail-on-console-error.ts'],
          // A guard against a hang, not a speed check: the statistical tests (a million provably fair
          // draws, RTP simulations) take several seconds on a loaded two-core machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['packages/*/src/**/*.integration.test.ts', 'apps/*/src/**/*.integration.test.ts'],
          exclude: ['**/node_modules/**', 'e2e/**'],
          setupFiles: ['packages/testkit/src/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
