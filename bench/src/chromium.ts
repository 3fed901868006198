import fs from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/**
 * How the benchmarks start Debian's Chromium (another path via CHROMIUM_PATH): the browser users run, measured as
 * they see it.
 */
export const CHROMIUM_LAUNCH: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-dev-shm-usage',
  ],
};

/** Debian's old headless shell (package chromium-headless-shell): Chromium's Blink and V8 without the browser around them. */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * How the end-to-end tests start Chromium (e2e's playwright.config.ts and cluster.config.ts, and claim-camera.spec.ts's
 * browser of its own): the headless shell when it is installed, as Playwright's own headless runs do, which renders
 * the same pages with the same engine for about a third less CPU on two cores (docs/benchmarks.md, "CI time");
 * Debian's Chromium when it is not. CHROMIUM_PATH chooses another.
 */
export const E2E_CHROMIUM_LAUNCH: LaunchOptions = {
  ...CHROMIUM_LAUNCH,
  executablePath: process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
};
