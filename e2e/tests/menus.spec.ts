import { baseUrl, expect, screenshot, signIn, test } from './fixtures.js';

/**
 * What each role's sidebar shows: exactly the pages that exist and that the access table of spec 6 lets
 * the role see. As areas are built, their pages join these lists.
 */
const MENUS: Record<string, string[]> = {
  demo_root: ['Dashboard', 'Data log', 'Server log'],
  demo_manager: ['Dashboard'],
  demo_helper: ['Dashboard'],
  demo_market: ['Dashboard'],
  demo_end_user: ['Dashboard'],
};

test.describe('menus per role', () => {
  for (const [username, items] of Object.entries(MENUS)) {
    test(`${username} sees ${items.join(', ')}`, async ({ page }) => {
      await signIn(page, username);
      await page.goto('/dashboard');
      const sidebar = page.getByTestId('sidebar');
      // Open every submenu so nested items are listed.
      for (const sub of await sidebar.locator('.ant-menu-submenu-title').all()) {
        await sub.click();
      }
      const labels = (await sidebar.locator('.ant-menu-title-content').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
      expect(labels).toEqual(items);
      await screenshot(page, `menu-${username}`);
    });
  }

  test('the server log page lists console errors for root', async ({ page }) => {
    await page.request.post(`${baseUrl()}/api/v2/datalog/client-error`, {
      data: { message: 'E2E marker error 4711', detail: 'stack', url: '/somewhere' },
    });
    await signIn(page, 'demo_root');
    await page.goto('/datalog/server-log');
    await expect(page.getByText('E2E marker error 4711')).toBeVisible();
  });
});
