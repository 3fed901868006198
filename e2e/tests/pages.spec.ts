import { apiLogin, asRole, expect, screenshot, signIn, signInWithForm, test } from './fixtures.js';

/**
 * Pages of their own: the profile (a password change, on a session of its own: it ends the user's other sessions),
 * the operation log, the dashboard. The 404 and 401 pages: guard.spec.ts.
 */

test.describe('pages', () => {
  test('profile: the form checks the rules, then changes the password', async ({ page }) => {
    // A session of its own: the change ends demo_afterSales' other sessions (no shared one: fixtures.ts ROLES).
    await signIn(page, 'demo_afterSales');
    await page.goto('/profile/index');
    await expect(page.getByTestId('profile-name')).toHaveText('Demo After-sales');
    await expect(page.getByTestId('role-tags')).toContainText('After-sales');
    await page.getByTestId('profile-old-password').fill('demo123456');
    await page.getByTestId('profile-new-password').fill('12');
    await page.getByTestId('profile-confirm-password').fill('different1');
    await page.getByTestId('profile-submit').click();
    await expect(page.getByText('Password must be a 6-20 digit number or character!')).toBeVisible();
    await expect(page.getByText('The two passwords do not match!')).toBeVisible();
    await page.getByTestId('profile-new-password').fill('changed-pass1');
    await page.getByTestId('profile-confirm-password').fill('changed-pass1');
    await page.getByTestId('profile-submit').click();
    await expect(page.getByText('Password changed. Your other sessions were signed out and your API keys ended.')).toBeVisible();
    // The new password works, and put the old one back for the other tests.
    const token = await apiLogin(page.request, 'demo_afterSales', 'changed-pass1');
    const res = await page.request.post('/api/v2/user/changepassword', {
      headers: { authorization: `Bearer ${token}` },
      data: { oldPassword: 'changed-pass1', newPassword: 'demo123456' },
    });
    expect(((await res.json()) as { code: number }).code).toBe(20000);
  });

  test('profile: a wrong current password shows the server message', async ({ page }) => {
    await asRole(page, 'demo_qualityCtrl', 'es');
    await page.goto('/usermanager/change-password');
    await page.getByTestId('profile-old-password').fill('not-mine-1');
    await page.getByTestId('profile-new-password').fill('whatever-1');
    await page.getByTestId('profile-confirm-password').fill('whatever-1');
    await page.getByTestId('profile-submit').click();
    await expect(page.getByText('La contraseña actual es incorrecta.')).toBeVisible();
    await screenshot(page, 'change-password-es');
  });

  test('operation log: a manager sees their helpers’ sign-ins and can filter', async ({ page }) => {
    await apiLogin(page.request, 'demo_helper');
    await asRole(page, 'demo_manager', 'ja');
    await page.goto('/datalog/operation-log');
    const table = page.locator('.ant-table-tbody');
    await expect(table.getByText('demo_helper').first()).toBeVisible();
    await expect(table.getByText('ログイン').first()).toBeVisible();
    await expect(table.getByText('demo_root')).toHaveCount(0);
    await page.getByTestId('operation-log-user').fill('demo_helper');
    await page.getByTestId('operation-log-user').press('Enter');
    await expect(table.getByText('demo_manager')).toHaveCount(0);
    await expect(table.getByText('demo_helper').first()).toBeVisible();
    await screenshot(page, 'operation-log-ja');
  });

  test('dashboard lists what the role opens and links to it', async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, 'demo_root');
    await expect(page.getByTestId('dashboard-welcome')).toHaveText('Welcome, Demo Root');
    // Root sees every device: the fleet figures are there (their own tests are in fleet.spec.ts).
    await expect(page.getByTestId('dashboard-fleet').getByTestId('fleet-count-all')).toBeVisible();
    await page.getByTestId('area-serverLog').click();
    await expect(page).toHaveURL(/\/datalog\/server-log$/);
  });
});
