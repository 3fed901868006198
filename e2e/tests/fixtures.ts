import fs from 'node:fs';
import path from 'node:path';
import { TOTP } from 'otpauth';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';

export const PASSWORD = 'demo123456';
export const baseUrl = (): string => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the tests through e2e/playwright.config.ts');
  return url;
};

/**
 * The demo accounts signed in once per run by the setup project (auth.setup.ts), each session saved as a storage state
 * that the specs reuse. demo_afterSales is not among them: pages.spec.ts changes its password, which ends its other
 * sessions. A test that signs out, or ends a session, signs in on its own (signIn), never with a shared state.
 */
export const ROLES = [
  'demo_root',
  'demo_limited_admin',
  'demo_manager',
  'demo_submanager',
  'demo_helper',
  'demo_end_user',
  'demo_market',
  'demo_qualityCtrl',
  'demo_manufacturer',
  'demo_district_dist',
] as const;
export type Role = (typeof ROLES)[number];
export const LANGS = ['en', 'zh', 'es', 'ja'] as const;
export type Lang = (typeof LANGS)[number];

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;
type Cookie = StorageState['cookies'][number];

const authDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../.auth');
/** Where the setup project saves `role`'s storage state. */
export const stateFile = (role: Role): string => path.join(authDir, `${role}.json`);

const cookie = (name: string, value: string): Cookie => ({
  name,
  value,
  domain: new URL(baseUrl()).hostname,
  path: '/',
  expires: -1,
  httpOnly: false,
  secure: false,
  sameSite: 'Lax',
});

/** Saves `token` as `role`'s storage state: the Admin-Token cookie the console reads (auth.setup.ts). */
export function saveState(role: Role, token: string): void {
  fs.mkdirSync(authDir, { recursive: true });
  const state: StorageState = { cookies: [cookie('Admin-Token', token)], origins: [] };
  fs.writeFileSync(stateFile(role), JSON.stringify(state, null, 2));
}

/** `role`'s saved storage state, with the console's language cookie when `lang` is given; signed out with no role. */
export function stateOf(role: Role | null, lang?: Lang | null): StorageState {
  const cookies: Cookie[] = role ? (JSON.parse(fs.readFileSync(stateFile(role), 'utf8')) as StorageState).cookies : [];
  return { cookies: lang ? [...cookies, cookie('language', lang)] : cookies, origins: [] };
}

/** `role`'s shared token, for API calls (no sign-in of its own). */
export function tokenOf(role: Role): string {
  const token = stateOf(role).cookies.find((c) => c.name === 'Admin-Token')?.value;
  if (!token) throw new Error(`no saved session of ${role}: run through e2e/playwright.config.ts (its setup project)`);
  return token;
}

export const test = base.extend<{ role: Role | null; lang: Lang | null }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern and requires it
  baseURL: async ({}, use) => {
    await use(baseUrl());
  },
  /** `test.use({ role })`: the test's page is signed in as the role (its shared session); `lang` sets the language. */
  role: [null, { option: true }],
  lang: [null, { option: true }],
  storageState: async ({ role, lang, storageState }, use) => {
    await use(role || lang ? stateOf(role, lang) : storageState);
  },
});
export { expect };

/**
 * Signs a page in as `role` with its shared session (and `lang`, when given): puts the saved token in the Admin-Token
 * cookie. Answers the token, for API calls.
 */
export async function asRole(page: Page, role: Role, lang?: Lang): Promise<string> {
  await page.context().addCookies(stateOf(role, lang).cookies);
  return tokenOf(role);
}

/**
 * A page of its own, in a browser context signed in as `role` (its shared session) in `lang`, for a spec that keeps
 * one page through its tests (opened in beforeAll; close its context in afterAll). Without animations, as every
 * spec's page (playwright.config.ts).
 */
export async function rolePage(browser: Browser, role: Role | null, lang?: Lang, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), storageState: stateOf(role, lang), viewport, reducedMotion: 'reduce' });
  return context.newPage();
}

/** Tests name registers by key: `reg('screw-compressor', 'fault_bits')` is 40050 (one lookup, in the contract). */
export { builtinRegister as reg, type BuiltinTypeCode } from '@dms/seed';

/** Signs in through the API and returns the token. */
export async function apiLogin(request: APIRequestContext, username: string, password = PASSWORD): Promise<string> {
  const res = await request.post(`${baseUrl()}/api/v2/user/login`, { data: { username, password } });
  const body = (await res.json()) as { code: number; data: { token: string } };
  expect(body.code, `sign-in of ${username}`).toBe(20000);
  return body.data.token;
}

/**
 * Signs a page in with a session of its own: a fresh token in the Admin-Token cookie. Only for tests that end the
 * session (sign out, expiry, a password change) or sign in users of their own; the others use the shared sessions
 * (`test.use({ role })`, asRole).
 */
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
 * Waits until no dialog is still opening: antd zooms a modal in, and a click or a key during that animation can be
 * lost (a date picker that does not open, an OK that does not submit).
 */
export async function dialogSettled(page: Page): Promise<void> {
  await expect(page.locator('.ant-modal:visible').first()).toBeVisible();
  await expect(page.locator('[class*="ant-zoom-appear"], [class*="ant-zoom-enter"]')).toHaveCount(0);
}

/** Clicks a button of a dialog once the dialog has stopped zooming in: a click during that can be lost. */
export async function settledClick(page: Page, button: Locator): Promise<void> {
  await dialogSettled(page);
  await button.click();
}

/**
 * Chooses an option of the shown select `testId` (in a multiple choice: toggles it), typing `search` first to find
 * it. The click waits until the list has finished opening (a click during its animation can be lost) and, after a
 * search, until the list shows only what matches it: a click while the list is still being filtered lands where the
 * option was, on another one or on nothing.
 */
export async function chooseOption(page: Page, testId: string, option: string | RegExp, search?: string): Promise<void> {
  const select = shown(page, testId);
  // The list of a select chosen just before may still be fading out ("-leave").
  const list = page.locator('.ant-select-dropdown:visible:not([class*="-leave"])');
  // A click that lands while the page re-renders the select can be lost (CI saw the list never open): clicked again
  // until the list is shown. A multiple choice keeps its list open after a choice: a click on it then would close it.
  await expect(async () => {
    if (!(await select.evaluate((el) => el.classList.contains('ant-select-open')))) await select.click();
    await expect(list).toHaveCount(1, { timeout: 2000 });
  }).toPass();
  await expect(list).not.toHaveClass(/-(appear|enter)/);
  const options = list.locator('.ant-select-item-option');
  if (search !== undefined) {
    await select.locator('input').fill(search);
    await expect(options.filter({ hasNotText: search })).toHaveCount(0);
  }
  await options.filter({ hasText: option }).first().click();
}

/** Answers the server's warning (a call that must be confirmed first) with OK, once its box has settled: a click
 *  during its opening animation can be lost (no request, no answer). */
export async function confirmWarning(page: Page): Promise<void> {
  await settledClick(page, page.getByTestId('warning-confirm-ok'));
}

/**
 * Answers the write's confirmation. The popup zooms in and then aligns itself to its button: a click during that
 * lands where the button was a frame ago, so wait until its opening motion is over first.
 */
export async function confirmWrite(page: Page): Promise<void> {
  const popup = page.locator('.ant-popconfirm:visible');
  await expect(popup).toBeVisible();
  await expect(popup).not.toHaveClass(/-(appear|enter)/);
  await popup.getByRole('button', { name: 'Write' }).click();
}

/** Waits until the dialog has closed (its animation over: antd then gives the focus back to what opened it). */
export async function dialogClosed(page: Page): Promise<void> {
  await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(0);
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
 * Goes to a page of the shell inside the app, as a link would: no reload, so the shell, the open tabs and the live
 * connection stay. Waits until the page at the path is the one shown.
 */
export async function goInApp(page: Page, to: string): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
  const pathname = to.split('?')[0] ?? to;
  // Checked in the page every 50 ms (a retried assertion waits 100, 250, 500 ms between its tries); expectShown
  // names what is wrong when that does not come true.
  const shownNow = await page
    .waitForFunction((p) => document.querySelector('.dms-page:not([hidden])')?.getAttribute('data-path') === p, decodeURI(pathname), {
      polling: 50,
      timeout: 10_000,
    })
    .then(
      () => true,
      () => false,
    );
  if (!shownNow) await expectShown(page, new RegExp(`${pathname.replace(/[/\-.]/g, '\\$&')}(\\?|$)`));
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
/**
 * Pictures are for people to look at: taken on a developer's machine, not in CI (where nobody looks and each costs
 * 100-150 ms of a busy machine's time), unless SCREENSHOTS=1 asks for them; SCREENSHOTS=0 leaves them out anywhere.
 */
const takePictures = (process.env.SCREENSHOTS ?? (process.env.CI === 'true' ? '0' : '1')) === '1';
/** Saves a screenshot under e2e/screenshots/ (not committed) for people to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!takePictures) return;
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

/** The two-factor code of a key now (the step after the one just used, when `ahead`): RFC 6238 as an app computes it. */
export function codeOf(secret: string, ahead = 0): string {
  return new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + ahead * 30_000 });
}
