import { userIdOf } from './boxes.js';
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
 * Helpers and sharing (/usermanager/edit-helper, add-helper, helper-device; docs/people.md): demo_manager adds a
 * helper through the form, shares one of its own devices without and one with the switch right; signed in as the
 * helper, the device list holds exactly those two, and only the second offers the start/stop control. A recall takes
 * the device away again. The helper pages in each language and width: language-sweep.spec.ts.
 */

test.describe.configure({ mode: 'serial' });

const START_STOP = reg('screw-compressor', 'start_stop_command');
const { company, first: viewOnly, second: switching, username } = ownCompany(2_050_000_000, 'E2E Helper Co');
const helper = username('h');

test('a manager adds a helper and shares a device without and one with the switch right; the helper sees exactly those', async ({
  page,
}) => {
  await asRole(page, 'demo_manager');
  await open(page, '/usermanager/edit-helper');
  // The list is loaded (and stays open behind the form's tab).
  await expect(byId(page, 'helper-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await byId(page, 'helper-add').click();
  await expectShown(page, /\/usermanager\/add-helper$/);
  await byId(page, 'add-helper-username').fill('ab');
  await byId(page, 'add-helper-password').click();
  await expect(page.getByText('User name must be a 6-20 digit number or character!')).toBeVisible();
  await byId(page, 'add-helper-username').fill(helper);
  await byId(page, 'add-helper-password').fill('helper123');
  await byId(page, 'add-helper-name').fill('Li Ming');
  await byId(page, 'add-helper-region').fill('江苏省');
  await byId(page, 'add-helper-submit').click();
  await expectShown(page, /\/usermanager\/edit-helper/);
  // Back on the list, the form's tab is closed and the new helper is listed at once, without Refresh.
  await expect(page.getByTestId('tag-/usermanager/add-helper')).toHaveCount(0);
  await expect(byId(page, 'helper-table').locator('tbody tr.ant-table-row', { hasText: helper })).toBeVisible();
  await byId(page, 'helper-search').locator('input').fill(helper);
  await byId(page, 'helper-search').locator('input').press('Enter');
  const row = byId(page, 'helper-table').locator('tbody tr.ant-table-row', { hasText: helper });
  await expect(row).toContainText('江苏省');
  await screenshot(page, 'helpers-list');

  await byId(page, `helper-devices-${helper}`).click();
  await expectShown(page, /\/usermanager\/helper-device\?userId=\d+/);
  // The page names the helper.
  await expect(byId(page, 'helper-device-username')).toHaveText(helper);
  await expect(byId(page, 'helper-device-name')).toHaveText('Li Ming');
  await expect(
    page.locator('.dms-page:not([hidden]) .ant-card-head-title').getByText(`Shared with ${helper} (0)`, { exact: true }),
  ).toBeVisible();
  await byId(page, `helper-pick-${viewOnly}-1`).check();
  await byId(page, 'helper-share-selected').click();
  await expect(byId(page, `helper-switch-${viewOnly}-1`)).toBeVisible();
  await expect(byId(page, `helper-switch-${viewOnly}-1`)).not.toBeChecked();
  await byId(page, 'helper-with-switch').check();
  await byId(page, `helper-pick-${switching}-1`).check();
  await byId(page, 'helper-share-selected').click();
  await expect(byId(page, `helper-switch-${switching}-1`)).toBeChecked();
  await screenshot(page, 'helper-devices');

  // The helper, in a browser context of their own, signed in with the password the manager gave them.
  const context = await page.context().browser()?.newContext();
  if (!context) throw new Error('no browser');
  const helperPage = await context.newPage();
  await context.addCookies([{ name: 'Admin-Token', value: await apiLogin(helperPage.request, helper, 'helper123'), url: baseUrl() }]);
  expect((await listedBoxes(helperPage, company)).sort()).toEqual([String(viewOnly), String(switching)].sort());
  // Each row and the device page say how the helper reaches it.
  await expect(byId(helperPage, `device-reach-${switching}-1`)).toHaveAttribute('data-how', 'helper');
  await expect(byId(helperPage, `device-reach-${switching}-1`)).toContainText('As helper');
  await open(helperPage, `/devices/controller/${switching}/1`);
  await expect(byId(helperPage, 'device-detail')).toHaveAttribute('data-device', `${switching}-1`);
  await expect(byId(helperPage, `register-write-${START_STOP}`)).toBeVisible();
  await expect(byId(helperPage, 'device-head-reach')).toHaveAttribute('data-how', 'helper');
  await open(helperPage, `/devices/controller/${viewOnly}/1`);
  await expect(byId(helperPage, 'device-detail')).toHaveAttribute('data-device', `${viewOnly}-1`);
  await expect(byId(helperPage, `register-write-${START_STOP}`)).toHaveCount(0);

  // The manager recalls the view-only device: it leaves the helper's open list at once, without a reload.
  expect(await listedBoxes(helperPage, company)).toEqual([String(viewOnly), String(switching)].sort());
  await byId(page, `helper-recall-${viewOnly}-1`).click();
  await expect(byId(page, `helper-switch-${viewOnly}-1`)).toHaveCount(0);
  await expect(byId(helperPage, 'devices-table').locator(`tbody tr[data-device="${viewOnly}-1"]`)).toHaveCount(0);
  await expect(byId(helperPage, 'devices-table').locator(`tbody tr[data-device="${switching}-1"]`)).toHaveCount(1);
  await context.close();
});

test("someone else's helper id in the address shows a page saying so, with the way back", async ({ page }) => {
  await asRole(page, 'demo_manager');
  const notMine = await userIdOf(page.request, tokenOf('demo_root'), 'demo_end_user');
  await open(page, `/usermanager/helper-device?userId=${notMine}`);
  await expect(byId(page, 'helper-device-not-yours')).toContainText('This helper is not yours, or does not exist.');
  await expect(byId(page, 'helper-shared-table')).toHaveCount(0);
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  await byId(page, 'helper-device-back').click();
  await expectShown(page, /\/usermanager\/edit-helper$/);
});
