import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { spawnServer, type SpawnedServer } from '../../bench/src/server-process.js';
import { codeOf, expect, openShell, PASSWORD, rolePage, screenshot, shown, signIn, signInWithForm, test } from './fixtures.js';

/**
 * Issue 27, "Two-factor sign-in": a user enrols on their profile with a code computed here from the key the page shows,
 * signs out, and signs in again with a code and then with a recovery code; root resets it on /tools/sessions and the
 * user's page is signed out. demo_regional_dist signs in through the form in no other spec (fixtures.ts ROLES), so
 * its second factor disturbs nobody. Then, on a server of its own with REQUIRE_2FA_ROLES=root, root is taken to
 * enrolment at first sign-in and reaches nothing else until it is on.
 */
const USER = 'demo_regional_dist';

/** Enrols the signed-in page's user from the two-factor card: the key read off the page, a code of it; the recovery codes. */
async function enrol(page: Page): Promise<{ secret: string; codes: string[] }> {
  const card = page.getByTestId('two-factor');
  await card.getByTestId('two-factor-begin').click();
  await expect(card.getByTestId('two-factor-qr')).toBeVisible();
  const secret = (await card.getByTestId('two-factor-secret').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await card.getByTestId('two-factor-confirm-code').fill('000000');
  await card.getByTestId('two-factor-confirm').click();
  await expect(card.getByTestId('two-factor-confirm-error')).toContainText('The code is not correct, or it has been used already.');
  await card.getByTestId('two-factor-confirm-code').fill(codeOf(secret));
  await card.getByTestId('two-factor-confirm').click();
  const list = card.getByTestId('recovery-codes');
  await expect(list.locator('code')).toHaveCount(10);
  const codes = await list.locator('code').allInnerTexts();
  return { secret, codes };
}

test('a user turns on two-factor sign-in, signs in with a code and with a recovery code, and root resets it', async ({ page, browser }) => {
  await signIn(page, USER);
  await openShell(page, '/profile/index');
  const card = shown(page, 'two-factor');
  await expect(card).toContainText('Off');
  const { secret, codes } = await enrol(page);
  await screenshot(page, 'two-factor-recovery-codes');
  await card.getByTestId('two-factor-done').click();
  await expect(card.getByTestId('two-factor-on')).toContainText('10 recovery codes left.');

  // Sign out, then the password alone is not enough: the code of the next step (this one's was used at enrolment).
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login\?redirect=dashboard$/);
  await signInWithForm(page, USER);
  await expect(page.getByTestId('login-code')).toBeVisible();
  await page.getByTestId('login-code').fill('123456');
  await page.getByTestId('login-code-submit').click();
  await expect(page.getByTestId('login-error')).toContainText('The code is not correct, or it has been used already.');
  await screenshot(page, 'two-factor-sign-in-step');
  await page.getByTestId('login-code').fill(codeOf(secret, 1));
  await page.getByTestId('login-code-submit').click();
  await expect(page.getByTestId('hamburger')).toBeVisible();

  // Again, with a recovery code (typed in capitals: any case is taken).
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await signInWithForm(page, USER);
  await page.getByTestId('login-code').fill((codes[0] ?? '').toUpperCase());
  await page.getByTestId('login-code-submit').click();
  await expect(page.getByTestId('hamburger')).toBeVisible();
  await openShell(page, '/profile/index');
  await expect(shown(page, 'two-factor').getByTestId('two-factor-on')).toContainText('9 recovery codes left.');

  // Root resets it from the Tools menu's sessions page: the user's page is signed out, and the password alone signs in.
  const root = await rolePage(browser, 'demo_root');
  await openShell(root, '/tools/sessions');
  const reset = shown(root, 'two-factor-reset');
  await reset.getByTestId('two-factor-reset-username').fill(USER);
  await reset.getByTestId('two-factor-reset-submit').click();
  await root.getByTestId('two-factor-reset-ok').click();
  await expect(root.getByText(/^Reset\. \d+ sessions? (was|were) ended\.$/)).toBeVisible();
  await screenshot(root, 'two-factor-reset');
  await root.context().close();
  const token = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value ?? '';
  const info = await page.request.get(`${new URL(page.url()).origin}/api/v2/user/info`, { headers: { authorization: `Bearer ${token}` } });
  expect(((await info.json()) as { code: number }).code).toBe(50012);
  const res = await page.request.post(`${new URL(page.url()).origin}/api/v2/user/login`, { data: { username: USER, password: PASSWORD } });
  expect(((await res.json()) as { data: object }).data).toHaveProperty('token');
});

test.describe('a role that requires it', () => {
  let server: SpawnedServer;
  let dataDir: string;
  test.beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-e2e-2fa-'));
    server = await spawnServer({ DATA_DIR: dataDir, REQUIRE_2FA_ROLES: 'root' });
  });
  test.afterAll(() => {
    server.child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('root is taken to enrolment at first sign-in and reaches nothing else until it is on', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto('/login');
    await signInWithForm(page, 'demo_root');
    await expect(page.getByTestId('enrol-required')).toContainText('Your role requires two-factor sign-in.');
    await expect(page.getByTestId('hamburger')).toHaveCount(0);
    await screenshot(page, 'two-factor-required');
    // The server refuses the rest to this session, whatever the console shows.
    const token = (await context.cookies()).find((c) => c.name === 'Admin-Token')?.value ?? '';
    const refused = await page.request.get(`${server.url}/api/v2/devices`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { code: number }).code).toBe(40302);

    await enrol(page);
    await page.getByTestId('two-factor-done').click();
    await expect(page.getByTestId('hamburger')).toBeVisible();
    const now = await page.request.get(`${server.url}/api/v2/devices`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await now.json()) as { code: number }).code).toBe(20000);
    await context.close();
  });
});
