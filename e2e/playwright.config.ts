import { defineConfig } from '@playwright/test';
import { E2E_CHROMIUM_LAUNCH } from '../bench/src/chromium.js';

const CI = process.env.CI === 'true';

/** How every spec sees the console: Debian's Chromium, headless, at desktop width (cluster.config.ts too). */
export const CONSOLE_IN_CHROMIUM = {
  browserName: 'chromium',
  headless: true,
  viewport: { width: 1280, height: 800 },
  // As a user who asked their system for less motion: no menu, dialog or chart animates (App.tsx, EChart.tsx), so a
  // click never waits for one to settle. shell.spec.ts keeps the animated console.
  reducedMotion: 'reduce',
  screenshot: 'only-on-failure',
  trace: 'off',
  launchOptions: E2E_CHROMIUM_LAUNCH,
} as const;

/**
 * End-to-end tests in Debian's Chromium against the real server, started by global-setup.ts on a free port
 * with a temporary SQLite database (its address reaches the tests as E2E_BASE_URL).
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // A time limit catches a hang, not slowness (speed is measured by benchmarks). CI runs on the session's machine, and
  // machines of one kind here run the suite up to three times slower than others (docs/benchmarks.md): there the
  // limits are doubled, so that a long spec is not failed for the machine's pace.
  timeout: CI ? 90_000 : 45_000,
  expect: { timeout: CI ? 20_000 : 10_000 },
  workers: 2,
  // CI retries a failed test once and the closing summary names it as FLAKY, to be fixed; locally a failure is final.
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  outputDir: './test-results',
  // The setup project signs each demo role in once (auth.setup.ts); the specs reuse its sessions (fixtures.ts).
  projects: [
    { name: 'setup', testMatch: /auth\.setup\.ts$/ },
    { name: 'e2e', testMatch: /\.spec\.ts$/, dependencies: ['setup'] },
  ],
  use: CONSOLE_IN_CHROMIUM,
});
