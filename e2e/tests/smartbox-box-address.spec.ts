import ExcelJS from 'exceljs';
import type { MqttClient } from 'mqtt';
import { connectBox, registerBoxes, sayHello } from './boxes.js';
import { expect, expectShown, fromMenu, openShell, screenshot, shown, test } from './fixtures.js';

/**
 * /smartbox/box-address (root): three boxes of the spec's own, told the server's address with their credentials: one
 * dials it, one says it dials another (an old address that still reaches the server), one never connects. Root finds
 * the flagged box from the menu, from the warning above the list and by the state filter; the others show as told and
 * unknown, and exports what it filtered. Another role sees no entry (menus.spec.ts) and gets /401 (guard.spec.ts); the languages are the sweep's.
 */

test.describe.configure({ mode: 'serial' });
test.use({ role: 'demo_root' });

// Above every other spec's box ids, below BOX_ID_MAX.
const first = 2_147_400_000 + Math.floor(Math.random() * 8_000) * 10;
const [asTold, elsewhere, silent] = [first, first + 1, first + 2];
const OLD_ADDRESS = '10.20.30.40:1883';
const clients: MqttClient[] = [];
const told = () => `127.0.0.1:${process.env.E2E_MQTT_PORT ?? ''}`;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  try {
    const boxes = await registerBoxes(request, 'demo_manager', first, silent, { boxType: 'E2E-ADDR', companyName: `E2E Address ${first}` });
    const password = (boxId: number) => boxes.find((b) => b.boxId === boxId)?.password ?? '';
    for (const [boxId, server] of [
      [asTold, told()],
      [elsewhere, OLD_ADDRESS],
    ] as const) {
      const client = await connectBox(boxId, password(boxId));
      clients.push(client);
      await sayHello(client, boxId, [{ index: 1, type: 'screw-compressor' }], { server });
    }
  } finally {
    await request.dispose();
  }
});

test.afterAll(async () => {
  for (const client of clients) await client.endAsync();
});

test('root finds the box that dials another address than it was told, and sees the others as told and unknown', async ({ page }) => {
  await openShell(page, '/dashboard');
  await fromMenu(page, 'Smart box', 'boxAddress');
  await expectShown(page, /\/smartbox\/box-address$/);

  // The flagged box: what it was told, what it dials, where it connects from.
  await shown(page, 'address-filter-boxid').fill(String(elsewhere));
  await shown(page, 'address-filter-boxid').press('Enter');
  await expectShown(page, new RegExp(`/smartbox/box-address\\?boxId=${elsewhere}$`));
  const rows = shown(page, 'address-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(shown(page, `address-state-${elsewhere}`)).toHaveAttribute('data-state', 'mismatch');
  await expect(shown(page, `address-state-${elsewhere}`)).toHaveText('Mismatch');
  await expect(shown(page, `address-told-${elsewhere}`)).toHaveText(told());
  await expect(shown(page, `address-dialed-${elsewhere}`)).toHaveText(OLD_ADDRESS);
  await expect(shown(page, `address-ip-${elsewhere}`)).toHaveText('127.0.0.1');
  await expect(rows).toContainText('Online');

  // The warning above the list counts the fleet's mismatches and shows only them, the box filter kept.
  await expect(shown(page, 'address-mismatch-alert')).toContainText(/\d+ box(es)? dials? another server address than/);
  await shown(page, 'address-show-mismatch').click();
  await expectShown(page, new RegExp(`/smartbox/box-address\\?boxId=${elsewhere}&state=mismatch$`));
  await expect(rows).toHaveCount(1);
  await expect(shown(page, 'address-show-mismatch')).toHaveCount(0);
  await screenshot(page, 'smartbox-box-address');

  // What the list shows, to .xlsx: the spec's box server-IP table with what each box dials.
  const [download] = await Promise.all([page.waitForEvent('download'), shown(page, 'address-export').click()]);
  expect(download.suggestedFilename()).toBe('box-addresses.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the export has no sheet');
  expect(sheet.rowCount).toBe(2);
  const cells = [1, 3, 4, 5, 7, 9, 10].map((c) => sheet.getRow(2).getCell(c).value);
  expect(cells).toEqual([String(elsewhere), 'E2E-ADDR', 'Mismatch', told(), OLD_ADDRESS, '127.0.0.1', 'Online']);
  expect(sheet.getRow(2).getCell(6).value).toBeInstanceOf(Date);

  // The box that dials what it was told is not among the mismatches, and is "As told".
  await shown(page, 'address-filter-boxid').fill(String(asTold));
  await shown(page, 'address-filter-boxid').press('Enter');
  await expect(shown(page, 'address-table').locator('.ant-empty')).toBeVisible();
  await shown(page, 'address-filter-state').click();
  await page
    .locator('.ant-select-dropdown:visible')
    .getByText(/^As told/)
    .click();
  await expectShown(page, new RegExp(`/smartbox/box-address\\?boxId=${asTold}&state=match$`));
  await expect(shown(page, `address-state-${asTold}`)).toHaveText('As told');
  await expect(shown(page, `address-dialed-${asTold}`)).toHaveText(told());

  // The box that never connected: told, nothing dialed yet.
  await shown(page, 'address-filter-state').click();
  await page.locator('.ant-select-dropdown:visible').getByText('All boxes', { exact: true }).click();
  await shown(page, 'address-filter-boxid').fill(String(silent));
  await shown(page, 'address-filter-boxid').press('Enter');
  await expect(shown(page, `address-state-${silent}`)).toHaveText('Unknown');
  await expect(shown(page, `address-told-${silent}`)).toHaveText(told());
  await expect(shown(page, `address-dialed-${silent}`)).toHaveText('—');
  await expect(rows).toContainText('Never connected');

  // On a phone the list scrolls inside its card; the page itself does not run off the side.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
  await screenshot(page, 'smartbox-box-address-390');
});
