import { defineConfig } from 'vitest/config';

// Browser flows: Playwright (playwright-core) driving Debian's Chromium against the real app,
// which global-setup.ts starts on a fresh embedded database.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.spec.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    env: { TZ: 'Asia/Shanghai' },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
