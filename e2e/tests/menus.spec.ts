import { asRole, baseUrl, expect, openGroup, type Role, screenshot, test, tokenOf } from './fixtures.js';

/**
 * What each role's sidebar shows: exactly the pages that exist and that the access table of spec 6 lets
 * the role see. As areas are built, their pages join these lists.
 */
/** The Devices group (open to every role): the lists and event templates, map monitoring, the fault records export. */
const DEVICES = [
  'Devices',
  'Device list',
  'Fault devices',
  'Warning devices',
  'Offline devices',
  'Event templates',
  'Map monitoring',
  'Export fault records',
];
const EVERYONE = ['Dashboard', ...DEVICES, 'User management', 'Change password', 'Data log', 'Operation log'];
const MENUS: Partial<Record<Role, string[]>> = {
  demo_root: [
    'Dashboard',
    ...DEVICES,
    'User management',
    'Change password',
    'Device types',
    'Permission templates',
    'Box registration',
    'Smart box',
    'IP change log',
    'Data log',
    'Operation log',
    'Server log',
  ],
  // add-device, edit-manager and edit-helper are in a manager's menu; add-manager, manager-device, add-helper and
  // helper-device are reached from their lists.
  demo_manager: [
    'Dashboard',
    ...DEVICES,
    'User management',
    'Change password',
    'Add device',
    'Sub-managers',
    'Helpers',
    'Data log',
    'Operation log',
  ],
  demo_helper: EVERYONE,
  demo_market: EVERYONE,
  demo_end_user: EVERYONE,
};

test.describe('menus per role', () => {
  for (const [username, items] of Object.entries(MENUS) as Array<[Role, string[]]>) {
    test(`${username} sees ${items.join(', ')}`, async ({ page }) => {
      await asRole(page, username);
      await page.goto('/dashboard');
      const sidebar = page.getByTestId('sidebar');
      // Open every submenu so nested items are listed.
      await expect(sidebar.getByText('Data log')).toBeVisible();
      for (const group of ['Devices', 'User management', 'Device types', 'Smart box', 'Data log'].filter((g) => items.includes(g)))
        await openGroup(page, group);
      await expect(sidebar.locator('.ant-menu-title-content')).toHaveText(items);
      await screenshot(page, `menu-${username}`);
    });
  }

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
