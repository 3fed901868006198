import type { Page } from '@playwright/test';
import { roleView, rolesOf } from './access-table.js';
import { asRole, baseUrl, expect, expectShown, openGroup, ROLES, screenshot, test, tokenOf } from './fixtures.js';
import { sweptPaths } from './sweep-roles.js';

/**
 * The console's routes and menus for each demo role, from the access table (spec 6): the sidebar lists exactly the
 * pages the role may see, the pages it may open open with their titles, and each page kept from it shows /401.
 * What to expect is not listed here: access-table.ts computes it from the console's own route table, its rule and its
 * English titles, so a new page joins these checks with no edit here. The rule itself is web/src/app/access.test.ts's;
 * pages whose path takes a parameter (a device, a record) are opened from their lists by the specs of their areas, and
 * a device the user does not reach is guard.spec.ts's.
 *
 * To keep the run short, a page the table keeps from no role (the dashboard, the device lists, ...) opens once, in one
 * role's test (the roles take turns, to share the work); a page the table gives to some roles only opens in the test of
 * each role it is given to; and a page the language sweep opens as the role, where its English title is checked
 * (sweep-roles.ts), is left to the sweep.
 */

/** Goes to `path` inside the app, as a link does (no reload: the session and the shell stay). */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

// The roles' tests share nothing: both workers take them.
test.describe.configure({ mode: 'parallel' });

for (const role of ROLES) {
  test.describe(`routes and menus of ${role}`, () => {
    test.use({ role });

    test(`${role}: the sidebar, the pages open to it, /401 for the others`, async ({ page }) => {
      const view = await roleView(await rolesOf(page.request, role));
      expect(view.pages.length, 'pages open to it').toBeGreaterThan(0);
      expect(view.refused.length, 'pages kept from it').toBeGreaterThan(0);
      // Its budget grows with the pages it opens (root's list grows with every area), not one figure for all roles.
      test.setTimeout(20_000 + 2_500 * (view.pages.length + view.refused.length));

      await page.goto('/dashboard');
      const sidebar = page.getByTestId('sidebar');
      // Its top entries with every group closed (the dashboard is in none), then every group opened to list its pages.
      await expect(sidebar.locator('.ant-menu-title-content')).toHaveText(view.top);
      for (const group of view.groups) await openGroup(page, group);
      await expect(sidebar.locator('.ant-menu-title-content')).toHaveText(view.menu);
      await screenshot(page, `menu-${role}`);

      // Inside the app, as a link goes: the session and the shell stay, no reload per page. The pages the language
      // sweep opens as this role, their titles checked, are left to it.
      const turn = ROLES.indexOf(role);
      const swept = sweptPaths(role);
      const mine = view.pages.filter((p) => (p.everyone === undefined || p.everyone % ROLES.length === turn) && !swept.has(p.path));
      for (const { path, title } of mine) {
        await go(page, path);
        // The title first: a page refused goes to /401, whose title says so.
        await expect(page, path).toHaveTitle(title);
        await expectShown(page, new RegExp(`${path.replace(/[/\-.]/g, '\\$&')}$`));
      }
      for (const path of view.refused) {
        await go(page, path);
        await expect(page, path).toHaveURL(/\/401$/);
      }
    });
  });
}

test.describe('the server log', () => {
  test('the server log page lists console errors for root', async ({ page }) => {
    // A signed-in session reports; the report goes to the console errors, apart from the server's. (That only a
    // signed-in session may: server/test/datalog.test.ts.)
    const reporter = tokenOf('demo_manager');
    const report = { message: 'E2E marker error 4711', detail: 'stack', url: '/somewhere' };
    const res = await page.request.post(`${baseUrl()}/api/v2/datalog/client-error`, {
      data: report,
      headers: { authorization: `Bearer ${reporter}` },
    });
    expect(res.status()).toBe(200);
    await asRole(page, 'demo_root');
    await page.goto('/datalog/server-log');
    await expect(page.getByTestId('server-log-table')).toBeVisible();
    await expect(page.getByText('E2E marker error 4711')).toHaveCount(0);
    await page.getByTestId('server-log-view-console').click();
    await expect(page).toHaveURL(/[?&]source=console/);
    const row = page.getByTestId('server-log-table').getByRole('row').filter({ hasText: 'E2E marker error 4711' }).first();
    await expect(row).toBeVisible();
    await expect(row).toContainText('demo_manager');
    await screenshot(page, 'server-log-console-errors');
  });
});
