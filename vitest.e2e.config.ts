// Browser layer: playwright-core drives Debian's Chromium against the built page (web/dist), and
// puppeteer-core drives Debian's Firefox ESR beside it (tests/e2e/engines.test.ts),
// served by the same preview server `npm start` uses.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
