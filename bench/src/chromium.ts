import type { LaunchOptions } from '@playwright/test';

/**
 * How the benchmarks and the end-to-end tests start Debian's Chromium (another path via CHROMIUM_PATH): e2e's
 * playwright.config.ts, and claim-camera.spec.ts's browser of its own, which adds the camera's fake capture.
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
