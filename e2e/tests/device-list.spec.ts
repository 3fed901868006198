import ExcelJS from 'exceljs';
import type { Locator, Page } from '@playwright/test';
import { apiGet, ownCompressor } from './boxes.js';
import {
  asRole,
  cellText,
  expect,
  expectShown,
  fromMenu,
  listLoaded,
  openShell as open,
  reg,
  screenshot,
  shown as byId,
  test,
} from './fixtures.js';

/**
 * The device list (devices-show) and the fault list: opened from the menu as a user would; every user sees only their
 * fleet; quick filters, search, sort, the remembered column choice and the .xlsx export; a box of the spec's own (a
 * screw compressor registered to demo_manager) sets a fault, and the list, the fault list and the detail follow
 * without reload. In each language and width: language-sweep.spec.ts.
 */

test.describe.configure({ mode: 'serial' });

const FAULT_BITS = reg('screw-compressor', 'fault_bits');
const DISCHARGE_PRESSURE = reg('screw-compressor', 'discharge_pressure');
const DEMO_END_USER_BOXES = [100001, 100002, 100003, 100004, 100005];
/** The demo end user's company (server/src/demo-fleet/fields.ts), URL-encoded for a search. */
const DEMO_END_USER_Q = encodeURIComponent('苏州恒通精密机械有限公司');

const box = ownCompressor(1);
const { boxId, company } = box;

/** The rows of the device list shown: their `boxId-controller` and status. */
async function listRows(page: Page): Promise<Array<{ device: string; status: string }>> {
  const rows = byId(page, 'devices-table').locator('tbody tr[data-device]');
  const devices = await rows.evaluateAll((els) =>
    els.map((el) => ({ device: el.getAttribute('data-device') ?? '', status: el.getAttribute('data-status') ?? '' })),
  );
  return devices;
}

const boxesOf = (rows: Array<{ device: string }>) => [...new Set(rows.map((r) => Number(r.device.split('-')[0])))].sort((a, b) => a - b);

/**
 * Opens the column choice. Its panel zooms in and then aligns itself to its button: a click during that may land
 * beside a checkbox, so wait until its opening motion is over first.
 */
async function openColumnChoice(page: Page): Promise<Locator> {
  await byId(page, 'devices-columns').click();
  const panel = page.getByTestId('devices-columns-panel');
  const popover = page.locator('.ant-popover').filter({ has: panel });
  await expect(popover).toBeVisible();
  await expect(popover).not.toHaveClass(/-(appear|enter)/);
  return panel;
}

test('each user sees only their fleet in the list, opened from the menu', async ({ page }) => {
  // Other specs may register boxes to the demo users meanwhile: the list is compared with the (scoped) API.
  const endUser = await asRole(page, 'demo_end_user');
  await open(page, '/dashboard');
  await fromMenu(page, 'Devices', 'devicesShow');
  await expectShown(page, /\/devices\/devices-show$/);
  await listLoaded(page);
  const endUserBoxes = boxesOf(await listRows(page));
  for (const own of DEMO_END_USER_BOXES) expect(endUserBoxes).toContain(own);
  expect(endUserBoxes).not.toContain(100006);
  expect(endUserBoxes).not.toContain(boxId);
  const api = (await apiGet(page.request, endUser, '/devices?page_size=20')).data as { items: Array<{ boxId: number }> };
  expect(endUserBoxes).toEqual(boxesOf(api.items.map((d) => ({ device: `${d.boxId}-1` }))));
  await screenshot(page, 'devices-list-end-user');

  await page.context().clearCookies();
  await asRole(page, 'demo_manager');
  await open(page, '/dashboard');
  await fromMenu(page, 'Devices', 'devicesShow');
  await listLoaded(page);
  const managerBoxes = boxesOf(await listRows(page));
  expect(managerBoxes).toContain(100006);
  expect(managerBoxes).toContain(boxId);
  for (const other of DEMO_END_USER_BOXES) expect(managerBoxes).not.toContain(other);
});

test('quick filters, search and sort narrow and order the list on the server; the URL keeps them', async ({ page }) => {
  const token = await asRole(page, 'demo_end_user');
  await open(page, `/devices/devices-show?q=${DEMO_END_USER_Q}`);
  await listLoaded(page);
  // The quick filters count what the API counts (the demo fleet's company: other specs' boxes stay out).
  const counts = (await apiGet(page.request, token, `/devices/counts?q=${DEMO_END_USER_Q}`)).data as Record<string, number>;
  expect(counts.all).toBe(DEMO_END_USER_BOXES.length);
  await expect(byId(page, 'devices-quick-all')).toHaveAttribute('data-count', String(counts.all));
  await expect(byId(page, 'devices-quick-online')).toHaveAttribute('data-count', String(counts.online));

  // Online only: every row online, as many as counted.
  await byId(page, 'devices-quick-online').click();
  await expect(page).toHaveURL(/status=online/);
  await listLoaded(page);
  await expect(byId(page, 'devices-total')).toContainText(String(counts.online));
  for (const row of await listRows(page)) expect(row.status).toBe('online');
  await byId(page, 'devices-quick-all').click();
  await expect(page).not.toHaveURL(/status=/);
  await expect(byId(page, 'devices-quick-all')).toHaveAttribute('aria-checked', 'true');

  // Search by box id: only that box's devices.
  await byId(page, 'devices-search').fill('100003');
  await expect(page).toHaveURL(/q=100003/);
  await listLoaded(page);
  await expect.poll(async () => boxesOf(await listRows(page))).toEqual([100003]);

  // The URL keeps the filter across a reload.
  await page.reload();
  await expect(byId(page, 'devices-search')).toHaveValue('100003');
  await expect.poll(async () => boxesOf(await listRows(page))).toEqual([100003]);
  // Anywhere in the text: the second character of one of the user's cities ("州" of "苏州市") finds that device.
  const mine = (await apiGet(page.request, token, '/devices?page_size=200')).data as { items: Array<{ boxId: number; city: string }> };
  const placed = mine.items.find((d) => Array.from(d.city).length >= 3);
  expect(placed).toBeDefined();
  const piece = Array.from(placed?.city ?? '')[1] ?? '';
  const found = (await apiGet(page.request, token, `/devices?page_size=200&q=${encodeURIComponent(piece)}`)).data as {
    items: Array<{ boxId: number }>;
  };
  expect(found.items.map((d) => d.boxId)).toContain(placed?.boxId);
  await byId(page, 'devices-search').fill(piece);
  await listLoaded(page);
  await expect.poll(async () => boxesOf(await listRows(page))).toEqual([...new Set(found.items.map((d) => d.boxId))].sort((a, b) => a - b));
  await byId(page, 'devices-search').fill('');
  await expect(page).not.toHaveURL(/q=/);

  // Sorted by device ascending at first; one click on its header sorts descending: box ids go down.
  await listLoaded(page);
  const all = (await apiGet(page.request, token, '/devices?page_size=200')).data as { items: Array<{ boxId: number }> };
  const highest = Math.max(...all.items.map((d) => d.boxId));
  const header = byId(page, 'devices-table').locator('thead th').filter({ hasText: 'Device' }).first();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await header.click();
  await expect(page).toHaveURL(/order=desc/);
  await expect
    .poll(async () => {
      const ids = (await listRows(page)).map((r) => Number(r.device.split('-')[0]));
      return ids.length > 1 && ids.every((id, i) => i === 0 || (ids[i - 1] ?? 0) >= id) && ids[0] === highest;
    })
    .toBe(true);

  // Search by company as the manager: only the test's box.
  await page.context().clearCookies();
  await asRole(page, 'demo_manager');
  await open(page, `/devices/devices-show?q=${encodeURIComponent(company)}`);
  await listLoaded(page);
  await expect.poll(async () => (await listRows(page)).map((r) => r.device)).toEqual([`${boxId}-1`]);
});

test('the column choice survives a reload', async ({ page }) => {
  await asRole(page, 'demo_end_user');
  await open(page, '/devices/devices-show');
  await listLoaded(page);
  const head = byId(page, 'devices-table').locator('thead');
  await expect(head).toContainText('Company');
  await expect(head).not.toContainText('Contact phone');
  const panel = await openColumnChoice(page);
  await panel.getByLabel('Contact phone').check();
  await panel.getByLabel('Company').uncheck();
  await expect(head).toContainText('Contact phone');
  await page.reload();
  await listLoaded(page);
  await expect(head).toContainText('Contact phone');
  await expect(head).not.toContainText('Company');
  await openColumnChoice(page);
  await page.getByTestId('devices-columns-reset').click();
  await expect(head).toContainText('Company');
});

test('export downloads an .xlsx with the rows of the filtered list', async ({ page }) => {
  const token = await asRole(page, 'demo_end_user');
  // The demo fleet's company, online: other specs' boxes (registered meanwhile) stay out of it.
  await open(page, `/devices/devices-show?status=online&q=${DEMO_END_USER_Q}`);
  await listLoaded(page);
  const expected = (await apiGet(page.request, token, `/devices?status=online&q=${DEMO_END_USER_Q}&page_size=200`)).data as {
    total: number;
    items: Array<{ boxId: number; controller: number }>;
  };
  expect(expected.total).toBeGreaterThan(0);
  const [download] = await Promise.all([page.waitForEvent('download'), byId(page, 'devices-export').click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the export has no sheet');
  const head = Array.from(sheet.getRow(1).values as unknown[], cellText);
  const boxAt = head.indexOf('Box ID');
  const controllerAt = head.indexOf('Controller');
  const statusAt = head.indexOf('Status');
  expect(boxAt).toBeGreaterThan(0);
  expect(sheet.actualRowCount).toBe(expected.total + 1);
  const exported: string[] = [];
  for (let i = 2; i <= sheet.actualRowCount; i += 1) {
    const row = sheet.getRow(i);
    exported.push(`${Number(row.getCell(boxAt).value)}-${Number(row.getCell(controllerAt).value)}`);
    expect(cellText(row.getCell(statusAt).value)).toBe('Online');
  }
  expect(exported.sort()).toEqual(expected.items.map((d) => `${d.boxId}-${d.controller}`).sort());
});

test('a fault set by the box shows on the list and the detail without reload; the fault list has it', async ({ page }) => {
  await asRole(page, 'demo_manager');
  await open(page, `/devices/devices-show?q=${encodeURIComponent(company)}`);
  await listLoaded(page);
  const status = byId(page, `device-status-${boxId}-1`);
  await expect(status).toHaveAttribute('data-status', 'online');
  await expect(byId(page, 'devices-live')).toHaveAttribute('data-live', 'live');
  const faultCount = Number(await byId(page, 'devices-quick-fault').getAttribute('data-count'));

  // Bit 0 of the fault register: main motor overload.
  await box.publishData({ [FAULT_BITS]: 1 });
  await expect(status).toHaveAttribute('data-status', 'online_fault');
  await expect(byId(page, 'devices-quick-fault')).toHaveAttribute('data-count', String(faultCount + 1));
  await screenshot(page, 'devices-list-fault');

  // The fault list (menu) has it.
  await fromMenu(page, 'Devices', 'faultDevices');
  await expectShown(page, /\/devices\/fault$/);
  await listLoaded(page);
  await expect(byId(page, `device-status-${boxId}-1`)).toHaveAttribute('data-status', 'online_fault');
  for (const row of await listRows(page)) expect(row.status).toMatch(/fault$/);
  // Other tests' and the demo fleet's faults come and go in this list: narrow it to this box before opening it.
  await byId(page, 'devices-search').fill(String(boxId));
  await expectShown(page, new RegExp(`/devices/fault\\?.*q=${boxId}`));
  // The search's answer shown (only this box's rows) before a row is opened: one clicked before it would be left as
  // the answer arrives.
  await expect.poll(async () => boxesOf(await listRows(page))).toEqual([boxId]);

  // The detail follows the box: fault value and status, then the recovery as a transition.
  await byId(page, `device-link-${boxId}-1`).click();
  await expectShown(page, new RegExp(`/devices/controller/${boxId}/1$`));
  // Its tab names the device, so two open devices can be told apart.
  await expect(page.getByTestId(`tag-/devices/controller/${boxId}/1`)).toHaveText(`Device detail ${boxId} · 1`);
  await expect(byId(page, 'device-status')).toHaveAttribute('data-status', 'online_fault');
  await expect(byId(page, `register-value-${FAULT_BITS}`)).toHaveText('Main motor overload');
  await box.publishData({ [FAULT_BITS]: 0, [DISCHARGE_PRESSURE]: 81 });
  await expect(byId(page, 'device-status')).toHaveAttribute('data-status', 'online');
  await expect(byId(page, `register-value-${DISCHARGE_PRESSURE}`)).toHaveText('0.81');
  // A 32-bit counter (register map version 2): its two words read as one value past 65,535, live; a snapshot that
  // brings only its low word moves it on.
  const energyTotal = reg('screw-compressor', 'energy_total');
  await box.publishData({ [energyTotal]: 1, [energyTotal + 1]: 0x1170 });
  await expect(byId(page, `register-value-${energyTotal}`)).toHaveText('70000');
  await box.publishData({ [energyTotal + 1]: 0x1171 });
  await expect(byId(page, `register-value-${energyTotal}`)).toHaveText('70001');
  await expect(byId(page, 'device-transitions').getByTestId('device-transition').first()).toHaveAttribute('data-to', 'online');
  await screenshot(page, 'device-detail');
});
