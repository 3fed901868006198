import { baseUrl, expect, type Role, signInWithForm, test, tokenOf } from './fixtures.js';

/**
 * What the console does with a route it refuses (spec 2), in one place: signed out it goes to /login keeping the path,
 * a page the role may not see (each one, for each demo role: menus.spec.ts) or a device the user does not reach shows
 * /401, an address that is no page (or bad parameters, or a device that does not exist) shows /404, and both lead back
 * to the dashboard. That the API refuses the same calls is the server's to prove: every endpoint's 401 signed out and
 * 403 to each role kept out of its area (server/test/endpoint-access.test.ts), and each user × device × path
 * (server/test/visibility-matrix.test.ts).
 */

test.describe('signed out (spec 2)', () => {
  test('a signed-out visitor is sent to /login with the whole path and query kept', async ({ page }) => {
    await page.goto('/profile/index?tab=password&x=1');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    const redirect = new URL(page.url()).searchParams.get('redirect');
    expect(redirect).toBe('/profile/index?tab=password&x=1');
  });

  test('after signing in the user lands where they were going', async ({ page }) => {
    await page.goto('/profile/index?tab=password');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await signInWithForm(page, 'demo_manager');
    await expect(page).toHaveURL(/\/profile\/index\?tab=password$/);
  });

  test('a token the server refuses: token cleared, error shown, back to /login with the path', async ({ page, context }) => {
    await context.addCookies([{ name: 'Admin-Token', value: 'forged-token', url: baseUrl() }]);
    await page.goto('/dashboard?from=bookmark');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard?from=bookmark');
    await expect(page.getByText('You are not signed in, or your session is not valid. Please sign in again.').first()).toBeVisible();
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'Admin-Token')).toBeUndefined();
  });

  test('/mlogin needs no sign-in; on the production host /login goes to /mlogin', async ({ page }) => {
    await page.goto('/mlogin');
    await expect(page).toHaveURL(/\/mlogin$/);
    await expect(page.getByTestId('login-username')).toBeVisible();
    const port = new URL(page.url()).port;
    await page.goto(`http://localhost:${port}/login?redirect=/dashboard`);
    await expect(page).toHaveURL(/\/mlogin\?redirect=%2Fdashboard|\/mlogin\?redirect=\/dashboard/);
    await page.goto('/login');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/login$/);
  });

  test('/auth-redirect needs no sign-in and forwards once signed in', async ({ page }) => {
    await page.goto('/auth-redirect?redirect=/profile/index');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await page.context().addCookies([{ name: 'Admin-Token', value: tokenOf('demo_manager'), url: baseUrl() }]);
    await page.goto('/auth-redirect?redirect=/profile/index');
    await expect(page).toHaveURL(/\/profile\/index$/);
  });
});

test.describe('signed in (spec 2)', () => {
  test.use({ role: 'demo_manager' });

  test("'' redirects to the dashboard", async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a signed-in user going to /login is sent to /', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('/redirect/* navigates to the path after it', async ({ page }) => {
    await page.goto('/redirect/profile/index');
    await expect(page).toHaveURL(/\/profile\/index$/);
  });

  test('unknown paths, bad parameters and devices that do not exist go to /404', async ({ page }) => {
    const at = Date.now() - 3_600_000;
    for (const path of [
      '/no/such/page',
      '/devices/controller/abc/1',
      '/devices/controller/100006/0',
      '/devices/plcController/100006/x',
      '/devices/box/-5',
      '/devices/maglev-controller/1.5/1',
      '/devices/history/abc/1',
      '/devices/history/100006/0',
      '/devices/plcHistory/100006/33',
      `/devices/history-charts/100006/${at}`,
      '/devices/history-charts/100006-1/soon',
      '/devices/k-line/100006-x/1',
      '/devices/error-record/100006/one',
      `/devices/error-details/100006/${at}?controller=40`,
      `/devices/maglev-charts/100006/${at}`,
      '/devices/maglev-region/-1/1',
      // A device that does not exist: the API answers 40400.
      '/devices/controller/2147483000/7',
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/404$/);
      await expect(page.getByText('This page does not exist')).toBeVisible();
    }
  });
});

/**
 * Devices a user does not reach, and an old path that leads to a page the role may not see, opened by their address.
 * Each page a role may not see shows /401 in menus.spec.ts, for every demo role, from the access table.
 */
const REFUSED: Array<[Role, string[]]> = [
  // Box registration's bare path opens its list, root's and the administrators'.
  ['demo_manager', ['/box-reg-info']],
  // demo_end_user's device (100001), which demo_manager's helper does not reach: its detail, its box and its history.
  ['demo_helper', ['/devices/controller/100001/1', '/devices/box/100001', '/devices/history/100001/1']],
];

for (const [role, paths] of REFUSED) {
  test.describe(`refused to ${role}`, () => {
    test.use({ role });
    test(`${paths.join(', ')} show /401`, async ({ page }) => {
      for (const path of paths) {
        await page.goto(path);
        await expect(page, path).toHaveURL(/\/401$/, { timeout: 30_000 });
      }
    });
  });
}

test.describe('the error pages', () => {
  test.use({ role: 'demo_market' });

  test('404 and 401 pages lead back to the dashboard', async ({ page }) => {
    await page.goto('/nowhere');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page).toHaveTitle('Page not found - Device monitoring system');
    await page.getByTestId('back-home').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/datalog/server-log');
    await expect(page).toHaveURL(/\/401$/);
    await page.getByTestId('back-home').click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
