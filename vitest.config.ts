import { defineConfig } from 'vitest/config';

// One runner for every workspace; `--project server` runs the server alone (CI's PostgreSQL pass).
export default defineConfig({
  test: {
    env: { TZ: 'Asia/Shanghai' },
    projects: [
      {
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts'],
          environment: 'node',
          // Recognition of whole rasterised pages (packages/omr) takes seconds on a loaded 2-core CI machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'tooling',
          include: ['scripts/**/*.test.mjs'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // The app-shell tests render the whole router with lazy pages: seconds on a loaded machine.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
