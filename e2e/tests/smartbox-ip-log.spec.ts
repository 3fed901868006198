import ExcelJS from 'exceljs';
import type { MqttClient } from 'mqtt';
import { apiGet, connectBox, registerBoxes } from './boxes.js';
import { expect, expectShown, fromMenu, openShell, screenshot, shown, test, tokenOf } from './fixtures.js';

/**
 * /smartbox/ip-log (root): two boxes of the spec's own change address (they reconnect from another loopback address;
 * Linux routes all of 127/8 to lo), and root finds the changes from the sidebar, filters by box id (kept through a
 * reload), by part of an IP and by when, exports what it filtered to .xlsx, refreshes and follows a box's link. Another role sees no entry (menus.spec.ts) and gets /401 (guard.spec.ts).
 */

test.describe.configure({ mode: 'serial' });
test.use({ role: 'demo_root' });

// Above ownCompressor's ids (2.1e9 to 2.14e9) and below BOX_ID_MAX.
const first = 2_140_000_000 + Math.floor(Math.random() * 700_000) * 10;
const second = first + 1;
const clients = new Map<number, MqttClient>();
const passwords = new Map<number, string>();

/** Drops box `boxId`'s connection (if any) and connects it again from `from`. */
async function connectFrom(boxId: number, from: string): Promise<void> {
  await clients.get(boxId)?.endAsync();
  clients.set(boxId, await connectBox(boxId, passwords.get(boxId) ?? '', from));
}

/** Waits until the server has written `count` IP changes of `boxId` (it writes its logs a moment later). */
async function expectChanges(request: Parameters<typeof apiGet>[0], boxId: number, count: number): Promise<void> {
  const token = tokenOf('demo_root');
  await expect
    .poll(async () => ((await apiGet(request, token, `/boxes/ip-log?boxId=${boxId}`)).data as { total: number }).total)
    .toBe(count);
}

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  try {
    const boxes = await registerBoxes(request, 'demo_manager', first, second, { boxType: 'E2E-IP', companyName: `E2E IP log ${first}` });
    for (const box of boxes) passwords.set(box.boxId, box.password);
    await connectFrom(first, '127.0.0.1');
    await connectFrom(second, '127.0.0.1');
    await connectFrom(first, '127.0.0.2');
    await connectFrom(second, '127.0.0.3');
    await expectChanges(request, first, 1);
    await expectChanges(request, second, 1);
  } finally {
    await request.dispose();
  }
});

test.afterAll(async () => {
  for (const client of clients.values()) await client.endAsync();
});

test('root opens the IP change log from the menu, filters by box, reloads, refreshes and opens a box', async ({ page }) => {
  await openShell(page, '/dashboard');
  await fromMenu(page, 'Smart box', 'ipLog');
  await expectShown(page, /\/smartbox\/ip-log$/);
  const rows = shown(page, 'ip-log-table').locator('tbody tr.ant-table-row');
  const time = /^\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}:\d{2}$/;
  await expect(rows.filter({ hasText: String(first) }).locator('td')).toHaveText([String(first), '127.0.0.1', '127.0.0.2', time]);
  await expect(rows.filter({ hasText: String(second) }).locator('td')).toHaveText([String(second), '127.0.0.1', '127.0.0.3', time]);

  await shown(page, 'ip-log-filter-boxid').fill(String(first));
  await shown(page, 'ip-log-filter-boxid').press('Enter');
  await expectShown(page, new RegExp(`/smartbox/ip-log\\?boxId=${first}$`));
  await expect(rows).toHaveCount(1);
  await expect(rows.locator('td')).toHaveText([String(first), '127.0.0.1', '127.0.0.2', time]);

  await page.reload();
  await expect(shown(page, 'ip-log-filter-boxid')).toHaveValue(String(first));
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('127.0.0.2');

  // A new change appears on refresh, newest first.
  await connectFrom(first, '127.0.0.4');
  await expectChanges(page.request, first, 2);
  await shown(page, 'ip-log-reload').click();
  await expect(rows).toHaveCount(2);
  await expect(rows.first().locator('td').nth(2)).toHaveText('127.0.0.4');
  await screenshot(page, 'smartbox-ip-log');

  // Part of an IP, on either side of a change, with the box: the URL keeps it too.
  await shown(page, 'ip-log-filter-ip').fill('0.0.4');
  await shown(page, 'ip-log-filter-ip').press('Enter');
  await expectShown(page, new RegExp(`/smartbox/ip-log\\?boxId=${first}&ip=0\\.0\\.4$`));
  await expect(rows).toHaveCount(1);
  await expect(rows.locator('td').nth(1)).toHaveText('127.0.0.2');

  // The filtered list to .xlsx: the same rows, the time a date cell in the browser's zone.
  const [download] = await Promise.all([page.waitForEvent('download'), shown(page, 'ip-log-export').click()]);
  expect(download.suggestedFilename()).toBe('ip-log.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the export has no sheet');
  expect(sheet.name).toBe('IP changes');
  expect([1, 2, 3].map((c) => sheet.getRow(1).getCell(c).value)).toEqual(['Box ID', 'Source IP', 'Destination IP']);
  expect(sheet.rowCount).toBe(2);
  expect([1, 2, 3].map((c) => sheet.getRow(2).getCell(c).value)).toEqual([String(first), '127.0.0.2', '127.0.0.4']);
  expect(sheet.getRow(2).getCell(4).value).toBeInstanceOf(Date);

  await rows
    .first()
    .getByRole('link', { name: String(first) })
    .click();
  await expectShown(page, new RegExp(`/devices/box/${first}$`));
  await expect(shown(page, 'box-ip')).toHaveText('127.0.0.4');

  // A time range that ends before the change leaves nothing, and nothing to export.
  await page.goto(`/smartbox/ip-log?boxId=${first}&to=${Date.now() - 86_400_000}`);
  await expect(shown(page, 'ip-log-table').locator('.ant-empty')).toBeVisible();
  await expect(shown(page, 'ip-log-export')).toBeDisabled();
});
