import { defineConfig } from '@playwright/test';
import { CONSOLE_IN_CHROMIUM } from './playwright.config.js';

/**
 * The cluster fault test (`npm run test:cluster`, and `npm test`): the spec starts its own cluster
 * (scripts/cluster/lib.mjs) of two server instances, HAProxy, Redis and Mosquitto, on the PostgreSQL of DATABASE_URL,
 * and kills and restarts its parts. CI retries it once, as the other end-to-end tests, and names it FLAKY if only the
 * retry passed.
 */
export default defineConfig({
  testDir: './cluster',
  timeout: 300_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: process.env.CI === 'true' ? 1 : 0,
  forbidOnly: process.env.CI === 'true',
  outputDir: './test-results/cluster',
  use: CONSOLE_IN_CHROMIUM,
});
