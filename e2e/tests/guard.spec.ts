import { baseUrl, expect, signIn, signInWithForm, test } from './fixtures.js';

test.describe('navigation guard (spec 2)', () => {
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

  test("'' redirects to the dashboard", async ({ page }) => {
    await signIn(page, 'demo_manager');
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a signed-in user going to /login is sent to /', async ({ page }) => {
    await signIn(page, 'demo_manager');
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
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

  test('unknown paths go to /404', async ({ page }) => {
    await signIn(page, 'demo_manager');
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
  });

  test('a page the role may not see, opened by URL, shows /401', async ({ page }) => {
    await signIn(page, 'demo_manager');
    await page.goto('/datalog/server-log');
    await expect(page).toHaveURL(/\/401$/);
  });

  test('/auth-redirect needs no sign-in and forwards', async ({ page }) => {
    await page.goto('/auth-redirect?redirect=/profile/index');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await signIn(page, 'demo_manager');
    await page.goto('/auth-redirect?redirect=/profile/index');
    await expect(page).toHaveURL(/\/profile\/index$/);
  });

  test('/redirect/* navigates to the path after it', async ({ page }) => {
    await signIn(page, 'demo_manager');
    await page.goto('/redirect/profile/index');
    await expect(page).toHaveURL(/\/profile\/index$/);
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
});
