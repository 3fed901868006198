import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export const PASSWORD = 'demo123456';
export const baseUrl = (): string => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the tests through e2e/playwright.config.ts');
  return url;
};

export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern and requires it
  baseURL: async ({}, use) => {
    await use(baseUrl());
  },
});
export { expect };

/** Tests name registers by key: `reg('screw-compressor', 'fault_bits')` is 40050 (one lookup, in the contract). */
export { builtinRegister as reg, type BuiltinTypeCode } from '@dms/contract/builtin-types';

/** Signs in through the API and returns the token. */
export async function apiLogin(request: APIRequestContext, username: string, password = PASSWORD): Promise<string> {
  const res = await request.post(`${baseUrl()}/api/v2/user/login`, { data: { username, password } });
  const body = (await res.json()) as { code: number; data: { token: string } };
  expect(body.code, `sign-in of ${username}`).toBe(20000);
  return body.data.token;
}

/** Signs a page in by putting a fresh token in the Admin-Token cookie (the UI sign-in has its own tests). */
export async function signIn(page: Page, username: string, language?: string): Promise<string> {
  const token = await apiLogin(page.request, username);
  const url = new URL(baseUrl());
  const cookies = [{ name: 'Admin-Token', value: token, domain: url.hostname, path: '/' }];
  if (language) cookies.push({ name: 'language', value: language, domain: url.hostname, path: '/' });
  await page.context().addCookies(cookies);
  return token;
}

/**
 * Opens a page of the shell and waits until the user's account is loaded and the shell is up. With E2E_THROTTLE=N the
 * page's CPU runs N times slower (Chromium's throttling), to bring out races a fast machine hides.
 */
export async function openShell(page: Page, path: string): Promise<void> {
  if (process.env.E2E_THROTTLE) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.E2E_THROTTLE) });
  }
  await page.goto(path);
  await expect(page.getByTestId('hamburger')).toBeVisible({ timeout: 30_000 });
}

/** An element of the page shown (the shell keeps visited pages mounted, hidden). */
export function shown(page: Page, testId: string): Locator {
  return page.locator('.dms-page:not([hidden])').getByTestId(testId);
}

/**
 * Waits until the URL matches and the page at its path is the one shown. The router changes the URL first and shows
 * the new page once React has rendered it; until then the page before it (the list pages share their test ids) is
 * still the one shown, and a test acting on it would act on the wrong page.
 */
export async function expectShown(page: Page, url: RegExp): Promise<void> {
  await expect(page).toHaveURL(url);
  const pathname = decodeURI(new URL(page.url()).pathname);
  await expect(page.locator('.dms-page:not([hidden])')).toHaveAttribute('data-path', pathname);
}

/**
 * Opens a page from the sidebar as a person would: opens the entry's group when it is closed, then clicks the entry.
 * The group opens with an animation during which a click may land beside the entry: tried again until the URL moves.
 */
/** Opens a sidebar group and leaves it open, trying again while its opening animation makes a click miss. */
export async function openGroup(page: Page, group: string): Promise<void> {
  const title = page.getByTestId('sidebar').locator('.ant-menu-submenu-title').filter({ hasText: group }).first();
  await expect(async () => {
    if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
    await expect(title).toHaveAttribute('aria-expanded', 'true', { timeout: 2000 });
  }).toPass({ timeout: 15_000 });
}

export async function fromMenu(page: Page, group: string, name: string): Promise<void> {
  const sidebar = page.getByTestId('sidebar');
  const item = sidebar.getByTestId(`menu-${name}`);
  const before = page.url();
  await expect(async () => {
    if (!(await item.isVisible())) await sidebar.locator('.ant-menu-submenu-title').filter({ hasText: group }).first().click();
    await item.click({ timeout: 2000 });
    await expect(page).not.toHaveURL(before, { timeout: 2000 });
  }).toPass({ timeout: 15_000 });
}

/** Signs in through the login form, as a person would. */
export async function signInWithForm(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

const shots = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../screenshots');
/** Saves a screenshot under e2e/screenshots/ (not committed) for people to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: false });
}

/**
 * The text of a cell read back from an exported .xlsx ('' when empty). The exports write plain values only, so a
 * rich-text, link or formula cell fails the test.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return String(value);
  throw new Error(`not a plain cell value: ${JSON.stringify(value)}`);
}

/** Waits for the device list's first load (its total shown). */
export async function listLoaded(page: Page): Promise<void> {
  await expect(shown(page, 'devices-total')).toBeVisible();
  await expect(shown(page, 'devices-table').locator('.ant-spin-spinning')).toHaveCount(0);
}

/** Each language but English, with English words its device screens must not show. */
export const DEVICE_SCREEN_LANGS = [
  { lang: 'zh', english: ['Device list', 'Online', 'Columns', 'Export', 'Registers', 'Device information'] },
  { lang: 'es', english: ['Device list', 'Columns', 'Registers', 'Device information', 'Status'] },
  { lang: 'ja', english: ['Device list', 'Online', 'Columns', 'Export', 'Registers', 'Device information'] },
] as const;

/**
 * Opens each device screen (`[name, path, test id of the part shown once loaded]`) as demo_end_user in `lang` at
 * 800 px: none shows any of the `english` words, and none runs off the side. Saves screenshots of each.
 */
export async function expectDeviceScreensIn(
  page: Page,
  { lang, english }: (typeof DEVICE_SCREEN_LANGS)[number],
  screens: ReadonlyArray<readonly [name: string, path: string, ready: string]>,
): Promise<void> {
  await page.setViewportSize({ width: 800, height: 900 });
  await signIn(page, 'demo_end_user', lang);
  for (const [name, path, ready] of screens) {
    await openShell(page, path);
    await expect(shown(page, ready)).toBeVisible();
    await expect(shown(page, ready).locator('.ant-spin-spinning')).toHaveCount(0);
    const text = await page.locator('.dms-page:not([hidden])').innerText();
    for (const word of english) expect(text, `${name} in ${lang}`).not.toContain(word);
    // Nothing runs off the side at 800 px: the page itself does not scroll sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} at 800 px`).toBeLessThanOrEqual(0);
    await screenshot(page, `devices-${name}-${lang}-800`);
    await shown(page, ready).scrollIntoViewIfNeeded();
    await screenshot(page, `devices-${name}-${lang}-800-content`);
  }
}

/**
 * Chooses `size` rows a page in the open page's pagination and waits until `rows` shows that many. The size list
 * opens with an animation, during which a click may miss its option: it is chosen again until it took.
 */
export async function choosePageSize(page: Page, rows: Locator, size: number): Promise<void> {
  await expect(async () => {
    await page.locator('.dms-page:not([hidden]) .ant-pagination-options .ant-select').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: new RegExp(`^${size} `) })
      .click({ timeout: 2000 });
    await expect(rows).toHaveCount(size, { timeout: 2000 });
  }).toPass({ timeout: 15_000 });
}
