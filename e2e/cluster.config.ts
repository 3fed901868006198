import { defineConfig } from '@playwright/test';
import { CONSOLE_IN_CHROMIUM } from './playwright.config.js';

/**
 * The cluster fault test (`npm run test:cluster`): the spec starts its own cluster (scripts/cluster/lib.mjs) of two
 * server instances, HAProxy, Redis and Mosquitto, on the PostgreSQL of DATABASE_URL, and kills and restarts its parts.
 */
export default defineConfig({
  testDir: './cluster',
  timeout: 300_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: 0,
  forbidOnly: process.env.CI === 'true',
  outputDir: './test-results/cluster',
  use: CONSOLE_IN_CHROMIUM,
});
