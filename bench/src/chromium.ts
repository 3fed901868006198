import fs from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/** Debian's Chromium (package chromium). */
const CHROMIUM = '/usr/bin/chromium';
/** Debian's old headless shell (package chromium-headless-shell): Chromium's Blink and V8 without the browser around them. */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * How the benchmarks start Debian's Chromium (another path via CHROMIUM_PATH): the browser users run, measured as
 * they see it.
 */
export const CHROMIUM_LAUNCH: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM,
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

/**
 * How the end-to-end tests start Chromium (e2e's playwright.config.ts and cluster.config.ts, and claim-camera.spec.ts's
 * browser of its own): the headless shell when it is installed, as Playwright's own headless runs do, and Debian's
 * Chromium when it is not; CHROMIUM_PATH chooses another. The engine is the same, so a page renders at the same pace,
 * but a browser context and its first page cost less: specs that open many run a quarter to two fifths faster on two
 * cores (docs/benchmarks.md, "CI time").
 */
export const E2E_CHROMIUM_LAUNCH: LaunchOptions = {
  ...CHROMIUM_LAUNCH,
  executablePath: process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM),
};
