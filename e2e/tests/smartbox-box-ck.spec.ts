import { apiGet, registerBoxes } from './boxes.js';
import {
  baseUrl,
  dialogClosed,
  dialogSettled,
  expect,
  expectShown,
  fromMenu,
  goInApp,
  openShell,
  screenshot,
  shown,
  test,
  tokenOf,
} from './fixtures.js';

/**
 * /smartbox/box-ck (root; spec 2 and 3): root opens the box CK codes from the sidebar, sets a box's code (a code nobody
 * configured is refused by name), finds the box, follows its "History" to the change filtered to it, and sees the same
 * row in /device-type/CK-config's box-CK tab: one table behind both. Another role sees no entry (menus.spec.ts) and
 * gets /401 (guard.spec.ts); the calls' refusals are the server's tests (ck.test.ts, endpoint-access.test.ts).
 */
test.use({ role: 'demo_root' });

const boxId = 2_040_000_000 + Math.floor(Math.random() * 4_000_000) * 10;
const ck = String(5000 + Math.floor(Math.random() * 1000));

test('root sets a box CK code on /smartbox/box-ck, follows its history, and finds it in the CK page’s table', async ({ page }) => {
  const root = tokenOf('demo_root');
  await registerBoxes(page.request, 'demo_manager', boxId, boxId, { boxType: 'E2E-GW', companyName: `E2E Box CK ${boxId}` });
  // The code is configured (a code another run added stays).
  await page.request.post(`${baseUrl()}/api/v2/ck`, {
    headers: { authorization: `Bearer ${root}` },
    data: { ck, company: 'E2E Box CK Works' },
  });
  expect(((await apiGet(page.request, root, `/ck/${ck}`)).data as { ck: string }).ck).toBe(ck);

  await openShell(page, '/dashboard');
  await fromMenu(page, 'Smart box', 'boxCk');
  await expectShown(page, /\/smartbox\/box-ck$/);
  await shown(page, 'box-ck-set').click();
  await dialogSettled(page);
  await page.getByTestId('box-ck-box').fill(String(boxId));
  await page.getByTestId('box-ck-code').fill('0001');
  await page.getByTestId('box-ck-save').click();
  await expect(page.getByRole('dialog')).toContainText('The CK code 0001 is not configured; add it on the CK page first.');
  await page.getByTestId('box-ck-code').fill(ck);
  await page.getByTestId('box-ck-save').click();
  await expect(page.locator('.ant-message')).toContainText(`Box ${boxId}: no device changed type.`);
  await dialogClosed(page);

  await shown(page, 'box-ck-search').fill(String(boxId));
  await shown(page, 'box-ck-search').press('Enter');
  await expect(shown(page, `box-ck-${boxId}`)).toHaveText(ck);
  await screenshot(page, 'smartbox-box-ck');

  // Its history: the tab turns, filtered to the box.
  await shown(page, `box-ck-history-${boxId}`).click();
  await expect(shown(page, 'box-ck-history-box')).toHaveValue(String(boxId));
  const changes = shown(page, 'box-ck-history-table').locator('tbody tr.ant-table-row');
  await expect(changes).toHaveCount(1);
  await expect(changes).toContainText(ck);
  await expect(changes).toContainText('Set');

  // The same table behind the CK page.
  await goInApp(page, '/device-type/CK-config');
  await shown(page, 'ck-tab-boxes').click();
  await shown(page, 'box-ck-search').fill(String(boxId));
  await shown(page, 'box-ck-search').press('Enter');
  await expect(shown(page, `box-ck-${boxId}`)).toHaveText(ck);
});
