import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { apiGet, userIdOf } from './boxes.js';
import {
  apiLogin,
  asRole,
  baseUrl,
  expect,
  expectShown,
  openShell as open,
  reg,
  screenshot,
  shown as byId,
  test,
  tokenOf,
} from './fixtures.js';
import { listedBoxes, ownCompany } from './people.js';

/**
 * Sub-managers and assignment (/usermanager/edit-manager, add-manager, manager-device; docs/people.md): demo_manager
 * adds a sub-manager through the form, gives them the Read only template and a new password through the list's
 * dialogs, and assigns two of its devices in one step. Signed in as the sub-manager: both devices are theirs, without
 * write controls (the template); they hide one from their superiors. demo_manager then sees it listed with its data
 * hidden (its page withholds its values and offers no history), recalls it, and it leaves the sub-manager's list.
 * The sub-manager pages in each language and width: language-sweep.spec.ts.
 */

test.describe.configure({ mode: 'serial' });

const START_STOP = reg('screw-compressor', 'start_stop_command');
const { company, first, second, username } = ownCompany(2_060_000_000, 'E2E Branch Co');
const sub = username('m');
/** demo_manager's helper, who is shared the first device before it is assigned. */
const sharer = username('s');

/** demo_manager's token for the set-up the screens do not need to show. */
function asManager(page: Page): { get: (path: string) => Promise<unknown>; post: (path: string, data: object) => Promise<unknown> } {
  const token = tokenOf('demo_manager');
  const headers = { authorization: `Bearer ${token}` };
  return {
    get: async (path) => (await apiGet(page.request, token, path)).data,
    post: async (path, data) => {
      const body = (await (await page.request.post(`${baseUrl()}/api/v2${path}`, { headers, data })).json()) as {
        code: number;
        data: unknown;
      };
      expect(body.code, path).toBe(20000);
      return body.data;
    },
  };
}

test('a manager adds a sub-manager, assigns two devices at once; the sub-manager hides one; the manager recalls it', async ({ page }) => {
  // Three people's pages, one after another: 31 s on this machine when idle, 46 s when loaded.
  test.setTimeout(90_000);
  await asRole(page, 'demo_manager');
  await open(page, '/usermanager/edit-manager');
  // The list is loaded (and stays open behind the form's tab).
  await expect(byId(page, 'manager-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await byId(page, 'manager-add').click();
  await expectShown(page, /\/usermanager\/add-manager$/);
  await byId(page, 'add-manager-ck').fill('12a');
  await byId(page, 'add-manager-username').click();
  await expect(page.getByText('CK code must be four digits!')).toBeVisible();
  await byId(page, 'add-manager-ck').fill('');
  await byId(page, 'add-manager-username').fill(sub);
  await byId(page, 'add-manager-password').fill('branch123');
  await byId(page, 'add-manager-name').fill('Zhao Lei');
  await byId(page, 'add-manager-company').fill('无锡分厂');
  await byId(page, 'add-manager-template').click();
  await page.locator('.ant-select-dropdown:visible').getByText('Operator', { exact: true }).click();
  await byId(page, 'add-manager-submit').click();
  await expectShown(page, /\/usermanager\/edit-manager/);
  // Back on the list, the form's tab is closed and the new sub-manager is listed at once, without Refresh.
  await expect(page.getByTestId('tag-/usermanager/add-manager')).toHaveCount(0);
  await expect(byId(page, 'manager-table').locator('tbody tr.ant-table-row', { hasText: sub })).toBeVisible();
  await byId(page, 'manager-search').locator('input').fill(sub);
  await byId(page, 'manager-search').locator('input').press('Enter');
  const row = byId(page, 'manager-table').locator('tbody tr.ant-table-row', { hasText: sub });
  await expect(row).toContainText('无锡分厂');
  await expect(row).toContainText('Operator');
  await screenshot(page, 'managers-list');
  // Their template, changed through its dialog to Read only; their password, set through its dialog (spec 5 messages).
  await byId(page, `manager-template-${sub}`).click();
  await page.getByTestId('manager-template-select').click();
  await page.locator('.ant-select-dropdown:visible').getByText('Read only', { exact: true }).click();
  await page.getByTestId('manager-template-ok').click();
  await expect(row).toContainText('Read only');
  await byId(page, `manager-password-${sub}`).click();
  await page.getByTestId('manager-password-input').fill('12');
  await page.getByTestId('manager-password-ok').click();
  await expect(page.getByText('Password must be a 6-20 digit number or character!')).toBeVisible();
  await page.getByTestId('manager-password-input').fill('branch456');
  await page.getByTestId('manager-password-ok').click();
  await expect(page.getByTestId('manager-password-input')).toHaveCount(0);

  // demo_manager shares the first device with a helper of theirs before assigning it.
  const manager = asManager(page);
  const helper = (await manager.post('/user_register/add_helper', {
    username: sharer,
    password: 'helper123',
    name: 'Sun Li',
    helperType: 'operator',
  })) as { id: number };
  const unshared = (await manager.get(`/user_register/get_unshared_devices?userId=${helper.id}&q=${first}`)) as {
    items: Array<{ deviceId: number; boxId: number }>;
  };
  const firstId = unshared.items.find((d) => d.boxId === first)?.deviceId;
  await manager.post('/user_register/share_device', { userId: helper.id, deviceId: firstId });

  await byId(page, `manager-devices-${sub}`).click();
  await expectShown(page, /\/usermanager\/manager-device\?userId=\d+/);
  // The page names the sub-manager: user name, name and company.
  await expect(byId(page, 'manager-device-username')).toHaveText(sub);
  await expect(byId(page, 'manager-device-name')).toHaveText('Zhao Lei');
  await expect(byId(page, 'manager-device-company')).toHaveText('无锡分厂');
  await expect(
    page.locator('.dms-page:not([hidden]) .ant-card-head-title').getByText(`Assigned to ${sub} (0)`, { exact: true }),
  ).toBeVisible();
  // The breadcrumb: the group, then the list the page is reached from (a link), then the page.
  await expect(page.getByTestId('breadcrumb')).toHaveText(
    /Dashboard\s*\/\s*User management\s*\/\s*Sub-managers\s*\/\s*Sub-manager's devices/,
  );
  await byId(page, `manager-pick-${first}-1`).check();
  await byId(page, `manager-pick-${second}-1`).check();
  await expect(byId(page, 'manager-assign-selected')).toContainText('(2)');
  await byId(page, 'manager-assign-selected').click();
  // Before it assigns, the dialog says whose shares end: the helper loses the first device, and a recall will not
  // give it back.
  const dialog = page.getByTestId('manager-assign-dialog');
  await expect(dialog).toContainText(`Assign 2 devices to ${sub} (Zhao Lei)?`);
  await expect(page.getByTestId('manager-assign-shares')).toContainText('1 of the 2 devices is shared');
  await expect(page.getByTestId('manager-assign-shares')).toContainText('a recall does not bring them back');
  await expect(page.getByTestId(`manager-assign-loses-${sharer}`)).toHaveText(`${sharer} (Sun Li): loses 1 device`);
  await screenshot(page, 'manager-assign-dialog');
  await page.getByTestId('manager-assign-ok').click();
  await expect(byId(page, `manager-recall-${first}-1`)).toBeVisible();
  await expect(byId(page, `manager-recall-${second}-1`)).toBeVisible();
  await expect(byId(page, `manager-assign-${first}-1`)).toHaveCount(0);
  await screenshot(page, 'manager-devices');

  // The sub-manager, in a browser context of their own.
  const context = await page.context().browser()?.newContext();
  if (!context) throw new Error('no browser');
  const subPage = await context.newPage();
  await context.addCookies([{ name: 'Admin-Token', value: await apiLogin(subPage.request, sub, 'branch456'), url: baseUrl() }]);
  expect(await listedBoxes(subPage, company)).toEqual([String(first), String(second)].sort());
  await expect(byId(subPage, `device-reach-${first}-1`)).toHaveAttribute('data-how', 'owner');
  // The history pages say it too.
  await open(subPage, `/devices/history/${second}/1`);
  await expect(byId(subPage, 'history-device-reach')).toHaveAttribute('data-how', 'owner');
  await expect(byId(subPage, 'history-device-reach')).toContainText('Owner');
  await open(subPage, `/devices/controller/${second}/1`);
  await expect(byId(subPage, 'device-detail')).toHaveAttribute('data-device', `${second}-1`);
  // Read only: no write controls, start/stop included.
  await expect(byId(subPage, 'register-table')).toBeVisible();
  await expect(byId(subPage, `register-write-${START_STOP}`)).toHaveCount(0);
  await open(subPage, `/devices/controller/${first}/1`);
  await expect(byId(subPage, 'device-detail')).toHaveAttribute('data-device', `${first}-1`);
  await byId(subPage, 'device-hide-from-superior').click();
  await expect(byId(subPage, 'device-hide-from-superior')).toBeChecked();
  await expect(byId(subPage, 'device-head-reach')).toContainText('Hidden from superiors');
  await screenshot(subPage, 'manager-hidden-by-sub');

  // The manager: the device is listed as hidden, its page says its data is hidden: its values are withheld (with
  // why), not "not received yet", and its history, charts, k-line and fault records are not offered.
  await page.reload();
  await expect(byId(page, `manager-hidden-${first}-1`)).toBeVisible();
  await open(page, `/devices/controller/${first}/1`);
  await expect(byId(page, 'device-head-reach')).toHaveAttribute('data-how', 'assigned');
  await expect(byId(page, 'device-head-reach-hidden')).toBeVisible();
  await expect(byId(page, 'device-data-hidden')).toBeVisible();
  await expect(byId(page, 'device-read-at')).toHaveText('Values hidden from superiors.');
  for (const link of ['history', 'charts', 'kline', 'faults']) await expect(byId(page, `device-link-${link}`)).toHaveCount(0);
  await expect(byId(page, 'device-link-box')).toBeVisible();
  const value = byId(page, `register-value-${START_STOP}`);
  await expect(value).toHaveAttribute('data-withheld', 'hidden');
  await value.hover();
  await expect(page.locator('.ant-tooltip:visible')).toHaveText('The person this device was assigned to hid its data from superiors.');
  await screenshot(page, 'manager-hidden-device');
  await page.goBack();
  await byId(page, `manager-recall-${first}-1`).click();
  await page.getByTestId('manager-recall-ok').click();
  await expect(byId(page, `manager-recall-${first}-1`)).toHaveCount(0);
  await expect(byId(page, `manager-assign-${first}-1`)).toBeVisible();
  await expect.poll(() => listedBoxes(subPage, company)).toEqual([String(second)]);
  await context.close();
  // The recall gave the device back to demo_manager, not the share to the helper.
  const shared = (await manager.get(`/user_register/get_shared_devices?userId=${helper.id}`)) as { total: number };
  expect(shared.total).toBe(0);
});

test("someone else's user id (or nobody's) in the address shows a page saying so, with the way back", async ({ page }) => {
  await asRole(page, 'demo_manager');
  const root = tokenOf('demo_root');
  const notMine = await userIdOf(page.request, root, 'demo_end_user');
  for (const userId of [notMine, 987654321]) {
    await open(page, `/usermanager/manager-device?userId=${userId}`);
    await expect(byId(page, 'manager-device-not-yours')).toContainText('This sub-manager is not yours, or does not exist.');
    // No lists, no toast flashing a refusal.
    await expect(byId(page, 'manager-assigned-table')).toHaveCount(0);
    await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  }
  await screenshot(page, 'manager-device-not-yours');
  await byId(page, 'manager-device-back').click();
  await expectShown(page, /\/usermanager\/edit-manager$/);
});

test('the sub-manager list exports to .xlsx with its search', async ({ page }) => {
  await asRole(page, 'demo_manager');
  await open(page, `/usermanager/edit-manager?q=${sub}`);
  await expect(byId(page, 'manager-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  const [download] = await Promise.all([page.waitForEvent('download'), byId(page, 'manager-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^sub-managers-.*\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the export has no sheet');
  expect(sheet.rowCount).toBe(2);
  expect(sheet.getRow(2).getCell(1).value).toBe(sub);
  expect(sheet.getRow(2).getCell(3).value).toBe('无锡分厂');
});
