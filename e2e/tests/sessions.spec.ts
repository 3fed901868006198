import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { apiLogin, baseUrl, expect, expectShown, fromMenu, openShell, screenshot, shown, signIn, test } from './fixtures.js';

/**
 * Issue 27, "Sessions": a user sees their signed-in sessions on their profile and ends one, or all but this one; the
 * page of an ended session is signed out at once (its socket closes). Root sees everyone's on /tools/sessions and ends
 * them. demo_afterSalesPlus has no shared session (fixtures.ts ROLES), so ending its sessions disturbs no other spec.
 */
const USER = 'demo_afterSalesPlus';

interface SessionRow {
  id: number;
  current: boolean;
}

/** The id of a token's own session (the one marked current in its list). */
async function sessionIdOf(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get(`${baseUrl()}/api/v2/user/sessions?page_size=200`, { headers: { authorization: `Bearer ${token}` } });
  const page = (await res.json()) as { data: { items: SessionRow[] } };
  const id = page.data.items.find((s) => s.current)?.id;
  if (!id) throw new Error('no current session in the list');
  return id;
}

/** Whether a token is still signed in: the envelope's code of /user/info (20000, or 50012 once ended). */
async function infoCode(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get(`${baseUrl()}/api/v2/user/info`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { code: number }).code;
}

/** Another browser signed in as the user, on the live device list (its socket open; the user has no device). */
async function otherBrowser(browser: Browser): Promise<{ page: Page; token: string }> {
  const context = await browser.newContext({ baseURL: baseUrl(), reducedMotion: 'reduce' });
  const page = await context.newPage();
  const token = await signIn(page, USER);
  const opened = page.waitForEvent('websocket', (ws) => ws.url().endsWith('/api/v2/ws'));
  await openShell(page, '/devices/devices-show');
  await opened;
  await expect(shown(page, 'devices-table')).toBeVisible();
  return { page, token };
}

test('a user ends another of their sessions from the profile, and that browser is signed out at once', async ({ page, browser }) => {
  const other = await otherBrowser(browser);
  const otherId = await sessionIdOf(page.request, other.token);
  await signIn(page, USER);
  await openShell(page, '/profile/index');
  const table = shown(page, 'sessions-table');
  await expect(table.locator('.ant-tag', { hasText: 'This session' })).toHaveCount(1);
  await expect(table).toContainText('Chrome');
  await expect(table).toContainText('Linux');
  await table.scrollIntoViewIfNeeded();
  await screenshot(page, 'profile-sessions');

  await shown(page, `session-end-${otherId}`).click();
  await page.getByTestId('session-end-ok').click();
  await expect(page.getByText('The session was ended.')).toBeVisible();
  await expect(shown(page, `session-end-${otherId}`)).toHaveCount(0);
  // The other browser hears it on its socket: spec 8's logged-out confirm, and sign-in from there.
  const dialog = other.page.getByRole('dialog');
  await expect(dialog).toContainText('You have been logged out', { timeout: 10_000 });
  expect(await infoCode(page.request, other.token)).toBe(50012);
  await other.page.context().close();
});

test('a user ends every other session at once; this one stays signed in', async ({ page }) => {
  const others = [await apiLogin(page.request, USER), await apiLogin(page.request, USER)];
  const mine = await signIn(page, USER);
  await openShell(page, '/profile/index');
  await expect(shown(page, 'sessions-end-others')).toBeEnabled();
  await shown(page, 'sessions-end-others').click();
  await page.getByTestId('sessions-end-others-ok').click();
  await expect(page.getByText(/sessions? (was|were) ended\./)).toBeVisible();
  await expect(shown(page, 'sessions-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(shown(page, 'sessions-end-others')).toBeDisabled();
  for (const token of others) expect(await infoCode(page.request, token)).toBe(50012);
  expect(await infoCode(page.request, mine)).toBe(20000);
});

test.describe('root', () => {
  test.use({ role: 'demo_root' });

  test("root finds a user's session by name on /tools/sessions and ends it", async ({ page }) => {
    const theirs = await apiLogin(page.request, USER);
    const id = await sessionIdOf(page.request, theirs);
    await openShell(page, '/dashboard');
    await fromMenu(page, 'Tools', 'sessions');
    await expectShown(page, /\/tools\/sessions$/);
    await shown(page, 'sessions-search').fill('aftersalesplus');
    const table = shown(page, 'sessions-table');
    await expect(table.locator('tbody tr.ant-table-row').first()).toContainText(USER);
    await expect(table.locator('tbody tr.ant-table-row', { hasNotText: USER })).toHaveCount(0);
    await screenshot(page, 'tools-sessions');
    await shown(page, `session-end-${id}`).click();
    await page.getByTestId('session-end-ok').click();
    await expect(page.getByText('The session was ended.')).toBeVisible();
    await expect(shown(page, `session-end-${id}`)).toHaveCount(0);
    expect(await infoCode(page.request, theirs)).toBe(50012);
  });
});
