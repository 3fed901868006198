import path from 'node:path';
import ExcelJS from 'exceljs';
import type { MqttClient } from 'mqtt';
import { apiGet, connectBox, registerBoxes, sayHello } from './boxes.js';
import { apiLogin, baseUrl, expect, expectShown, fromMenu, openShell as open, screenshot, shown as byId, signIn, test } from './fixtures.js';
import type { Page } from '@playwright/test';

/**
 * Device screens (devices-show and the fault/warning/offline lists, controller detail, box, event templates): each
 * opened from the menu or a link as a user would; every user sees only their fleet; quick filters, search, sort,
 * the remembered column choice and the .xlsx export; a box of the test's own (a screw compressor registered to
 * demo_manager) changes status and answers register writes, and the list and the detail follow without reload;
 * who may open and write what; bad parameters; each language and 800 px.
 */

test.describe.configure({ mode: 'serial' });

const FAULT_BITS = 40050;
const LOAD_PRESSURE = 40030;
const UNLOAD_PRESSURE = 40031;
const DISCHARGE_PRESSURE = 40002;
const START_STOP = 40040;
const DEMO_END_USER_BOXES = [100001, 100002, 100003, 100004, 100005];

/** Above every other spec's box ids (box-reg goes up to about 2.007e9). */
const boxId = 2_100_000_000 + Math.floor(Math.random() * 4_000_000) * 10;
const company = `E2E Devices ${boxId}`;
let box: MqttClient | undefined;
let boxPassword = '';
let seq = 0;
/** The writes the box received (raw values), by register. */
const writes: Array<{ register: number; value: number }> = [];

function publishData(values: Record<string, number>): Promise<unknown> {
  seq += 1;
  if (!box) throw new Error('the box is not connected');
  return box.publishAsync(`box/${boxId}/up/data`, JSON.stringify({ v: 1, seq, ts: Date.now(), c: { '1': values } }), { qos: 1 });
}

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  try {
    boxPassword = (await registerBoxes(request, 'demo_manager', boxId, boxId, { boxType: 'E2E-DTU', companyName: company, contact: 'e2e' }))[0]?.password ?? '';
    box = await connectBox(boxId, boxPassword);
    // The box answers writes as a controller would: load pressure is accepted, unload pressure refused as busy.
    await box.subscribeAsync(`box/${boxId}/down/write`, { qos: 1 });
    box.on('message', (topic, payload) => {
      if (!topic.endsWith('/down/write')) return;
      const write = JSON.parse(payload.toString()) as { id: string; register: number; value: number };
      writes.push({ register: write.register, value: write.value });
      const ack = write.register === UNLOAD_PRESSURE ? { v: 1, id: write.id, ok: false, reason: 'busy' } : { v: 1, id: write.id, ok: true };
      void box?.publishAsync(`box/${boxId}/up/ack`, JSON.stringify(ack), { qos: 1 });
    });
    await sayHello(box, boxId, [{ index: 1, type: 'screw-compressor' }], { fw: 'e2e-2.0', boxType: 'E2E-DTU', iccid: '89860000000000000042', signal: -71 });
    await publishData({ '40001': 2, [DISCHARGE_PRESSURE]: 72, [LOAD_PRESSURE]: 65, [UNLOAD_PRESSURE]: 80, [FAULT_BITS]: 0 });
  } finally {
    await request.dispose();
  }
});

test.afterAll(async () => {
  await box?.endAsync();
});

/** The rows of the device list shown: their `boxId-controller` and status. */
async function listRows(page: Page): Promise<Array<{ device: string; status: string }>> {
  const rows = byId(page, 'devices-table').locator('tbody tr[data-device]');
  const devices = await rows.evaluateAll((els) => els.map((el) => ({ device: el.getAttribute('data-device') ?? '', status: el.getAttribute('data-status') ?? '' })));
  return devices;
}

const boxesOf = (rows: Array<{ device: string }>) => [...new Set(rows.map((r) => Number(r.device.split('-')[0])))].sort((a, b) => a - b);

/**
 * Answers the write's confirmation. The popup zooms in and then aligns itself to its button: a click during that
 * lands where the button was a frame ago, so wait until its opening motion is over first.
 */
async function confirmWrite(page: Page): Promise<void> {
  const popup = page.locator('.ant-popconfirm:visible');
  await expect(popup).toBeVisible();
  await expect(popup).not.toHaveClass(/-(appear|enter)/);
  await popup.getByRole('button', { name: 'Write' }).click();
}

/** Waits for the list's first load (its total shown). */
async function listLoaded(page: Page): Promise<void> {
  await expect(byId(page, 'devices-total')).toBeVisible();
  await expect(byId(page, 'devices-table').locator('.ant-spin-spinning')).toHaveCount(0);
}

test('each user sees only their fleet in the list, opened from the menu', async ({ page }) => {
  // Other specs may register boxes to the demo users meanwhile: the list is compared with the (scoped) API.
  const endUser = await signIn(page, 'demo_end_user');
  await open(page, '/dashboard');
  await fromMenu(page, 'Devices', 'devicesShow');
  await expectShown(page, /\/devices\/devices-show$/);
  await listLoaded(page);
  const endUserBoxes = boxesOf(await listRows(page));
  for (const own of DEMO_END_USER_BOXES) expect(endUserBoxes).toContain(own);
  expect(endUserBoxes).not.toContain(100006);
  expect(endUserBoxes).not.toContain(boxId);
  const api = await apiGet<{ items: Array<{ boxId: number }> }>(page.request, endUser, '/devices?page_size=20');
  expect(endUserBoxes).toEqual(boxesOf(api.data.items.map((d) => ({ device: `${d.boxId}-1` }))));
  await screenshot(page, 'devices-list-end-user');

  await page.context().clearCookies();
  await signIn(page, 'demo_manager');
  await open(page, '/dashboard');
  await fromMenu(page, 'Devices', 'devicesShow');
  await listLoaded(page);
  const managerBoxes = boxesOf(await listRows(page));
  expect(managerBoxes).toContain(100006);
  expect(managerBoxes).toContain(boxId);
  for (const other of DEMO_END_USER_BOXES) expect(managerBoxes).not.toContain(other);
});

test('quick filters, search and sort narrow and order the list on the server; the URL keeps them', async ({ page }) => {
  const token = await signIn(page, 'demo_end_user');
  await open(page, '/devices/devices-show?q=Demo%20End%20User');
  await listLoaded(page);
  // The quick filters count what the API counts (the demo fleet's company: other specs' boxes stay out).
  const counts = (await apiGet<Record<string, number>>(page.request, token, '/devices/counts?q=Demo%20End%20User')).data;
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
  await byId(page, 'devices-search').fill('');
  await expect(page).not.toHaveURL(/q=/);

  // Sorted by device ascending at first; one click on its header sorts descending: box ids go down.
  await listLoaded(page);
  const all = await apiGet<{ items: Array<{ boxId: number }> }>(page.request, token, '/devices?page_size=200');
  const highest = Math.max(...all.data.items.map((d) => d.boxId));
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
  await signIn(page, 'demo_manager');
  await open(page, `/devices/devices-show?q=${encodeURIComponent(company)}`);
  await listLoaded(page);
  await expect.poll(async () => (await listRows(page)).map((r) => r.device)).toEqual([`${boxId}-1`]);
});

test('the column choice survives a reload', async ({ page }) => {
  await signIn(page, 'demo_end_user');
  await open(page, '/devices/devices-show');
  await listLoaded(page);
  const head = byId(page, 'devices-table').locator('thead');
  await expect(head).toContainText('Company');
  await expect(head).not.toContainText('Contact phone');
  await byId(page, 'devices-columns').click();
  const panel = page.getByTestId('devices-columns-panel');
  await panel.getByLabel('Contact phone').check();
  await panel.getByLabel('Company').uncheck();
  await expect(head).toContainText('Contact phone');
  await page.reload();
  await listLoaded(page);
  await expect(head).toContainText('Contact phone');
  await expect(head).not.toContainText('Company');
  await byId(page, 'devices-columns').click();
  await page.getByTestId('devices-columns-reset').click();
  await expect(head).toContainText('Company');
});

test('export downloads an .xlsx with the rows of the filtered list', async ({ page }) => {
  const token = await signIn(page, 'demo_end_user');
  // The demo fleet's company, online: other specs' boxes (registered meanwhile) stay out of it.
  await open(page, '/devices/devices-show?status=online&q=Demo%20End%20User');
  await listLoaded(page);
  const expected = (await apiGet<{ total: number; items: Array<{ boxId: number; controller: number }> }>(page.request, token, '/devices?status=online&q=Demo%20End%20User&page_size=200')).data;
  expect(expected.total).toBeGreaterThan(0);
  const [download] = await Promise.all([page.waitForEvent('download'), byId(page, 'devices-export').click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the export has no sheet');
  const head = Array.from(sheet.getRow(1).values as unknown[], (v) => String(v ?? ''));
  const boxAt = head.indexOf('Box ID');
  const controllerAt = head.indexOf('Controller');
  const statusAt = head.indexOf('Status');
  expect(boxAt).toBeGreaterThan(0);
  expect(sheet.actualRowCount).toBe(expected.total + 1);
  const exported: string[] = [];
  for (let i = 2; i <= sheet.actualRowCount; i += 1) {
    const row = sheet.getRow(i);
    exported.push(`${Number(row.getCell(boxAt).value)}-${Number(row.getCell(controllerAt).value)}`);
    expect(String(row.getCell(statusAt).value)).toBe('Online');
  }
  expect(exported.sort()).toEqual(expected.items.map((d) => `${d.boxId}-${d.controller}`).sort());
});

test('a fault set by the box shows on the list and the detail without reload; the fault list has it', async ({ page }) => {
  await signIn(page, 'demo_manager');
  await open(page, `/devices/devices-show?q=${encodeURIComponent(company)}`);
  await listLoaded(page);
  const status = byId(page, `device-status-${boxId}-1`);
  await expect(status).toHaveAttribute('data-status', 'online');
  await expect(byId(page, 'devices-live')).toHaveAttribute('data-live', 'live');
  const faultCount = Number(await byId(page, 'devices-quick-fault').getAttribute('data-count'));

  // Bit 0 of the fault register: main motor overload.
  await publishData({ [FAULT_BITS]: 1 });
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

  // The detail follows the box: fault value and status, then the recovery as a transition.
  await byId(page, `device-link-${boxId}-1`).click();
  await expectShown(page, new RegExp(`/devices/controller/${boxId}/1$`));
  // Its tab names the device, so two open devices can be told apart.
  await expect(page.getByTestId(`tag-/devices/controller/${boxId}/1`)).toHaveText(`Device detail ${boxId} · 1`);
  await expect(byId(page, 'device-status')).toHaveAttribute('data-status', 'online_fault');
  await expect(byId(page, `register-value-${FAULT_BITS}`)).toHaveText('Main motor overload');
  await publishData({ [FAULT_BITS]: 0, [DISCHARGE_PRESSURE]: 81 });
  await expect(byId(page, 'device-status')).toHaveAttribute('data-status', 'online');
  await expect(byId(page, `register-value-${DISCHARGE_PRESSURE}`)).toHaveText('0.81');
  await expect(byId(page, 'device-transitions').getByTestId('device-transition').first()).toHaveAttribute('data-to', 'online');
  await screenshot(page, 'device-detail');
});

test('a register write round trip: acknowledged, then refused by the controller, then out of range', async ({ page }) => {
  await signIn(page, 'demo_manager');
  await open(page, `/devices/controller/${boxId}/1`);
  await expect(byId(page, `register-value-${LOAD_PRESSURE}`)).toHaveText('0.65');
  // Read-only registers have no write control.
  await expect(byId(page, `register-write-${DISCHARGE_PRESSURE}`)).toHaveCount(0);

  await byId(page, `register-write-${LOAD_PRESSURE}`).click();
  const dialog = page.getByTestId('write-dialog');
  await dialog.locator('input.ant-input-number-input').fill('0.75');
  await page.getByTestId('write-submit').click();
  await confirmWrite(page);
  await expect(dialog.getByTestId('write-outcome')).toHaveAttribute('data-outcome', 'acknowledged');
  await expect(dialog.getByTestId('write-outcome')).toContainText('0.75 MPa');
  expect(writes).toContainEqual({ register: LOAD_PRESSURE, value: 75 });
  await page.getByTestId('write-cancel').click();
  await expect(byId(page, `register-last-write-${LOAD_PRESSURE}`)).toHaveAttribute('data-outcome', 'acknowledged');

  await byId(page, `register-write-${UNLOAD_PRESSURE}`).click();
  await dialog.locator('input.ant-input-number-input').fill('0.9');
  await page.getByTestId('write-submit').click();
  await confirmWrite(page);
  await expect(dialog.getByTestId('write-outcome')).toHaveAttribute('data-outcome', 'rejected');
  await expect(dialog.getByTestId('write-outcome')).toContainText('the controller is busy');

  // Out of the register's range: the console says so and does not send.
  await dialog.locator('input.ant-input-number-input').fill('2');
  await expect(dialog.getByTestId('write-problem')).toHaveText('Enter a value between 0.4 and 1.4.');
  await expect(page.getByTestId('write-submit')).toBeDisabled();
  await screenshot(page, 'device-write');
});

test('the device information is edited with validation by its owner', async ({ page }) => {
  await signIn(page, 'demo_manager');
  await open(page, `/devices/controller/${boxId}/1`);
  await byId(page, 'device-info-edit').click();
  const form = page.getByTestId('device-info-form');
  await form.getByTestId('device-info-phone').fill('call me');
  await page.getByTestId('device-info-save').click();
  await expect(form).toContainText('A phone number may hold digits, spaces and + - ( ) only, at most 32');
  await form.getByTestId('device-info-phone').fill('+86 21 5555 0101');
  await form.getByTestId('device-info-contact').fill('Ms Wang');
  await form.getByTestId('device-info-remark').fill('Compressor room 2');
  await form.getByTestId('device-info-city').fill('Shanghai');
  await page.getByTestId('device-info-save').click();
  await expect(form).toBeHidden();
  await expect(byId(page, 'device-info-value-contact')).toHaveText('Ms Wang');
  await expect(byId(page, 'device-info-value-remark')).toHaveText('Compressor room 2');
  await page.reload();
  await expect(byId(page, 'device-info-value-phone')).toHaveText('+86 21 5555 0101');
  await expect(byId(page, 'device-info-value-location')).toContainText('Shanghai');
});

test('another user may neither open nor write the device: /401 in the console, 403 from the API', async ({ page }) => {
  const token = await signIn(page, 'demo_helper');
  await page.goto(`/devices/controller/${boxId}/1`);
  await expect(page).toHaveURL(/\/401$/);
  await page.goto(`/devices/box/${boxId}`);
  await expect(page).toHaveURL(/\/401$/);

  const detail = await apiGet(page.request, token, `/devices/${boxId}/1`);
  expect(detail.status).toBe(403);
  expect(detail.code).toBe(40300);
  const write = await page.request.post(`${baseUrl()}/api/v2/devices/${boxId}/1/registers/${LOAD_PRESSURE}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { value: 0.7 },
  });
  expect(write.status()).toBe(403);
  // The end user may not open the manager's device either; nobody without a token may.
  const endUser = await apiLogin(page.request, 'demo_end_user');
  expect((await apiGet(page.request, endUser, `/devices/${boxId}/1`)).status).toBe(403);
  const anonymous = await page.request.get(`${baseUrl()}/api/v2/devices/${boxId}/1`);
  expect(anonymous.status()).toBe(401);
});

test('a helper given the switch right sees only the start/stop control; the API refuses other writes', async ({ page }) => {
  // No API gives a device to a helper yet (that comes with user management), so the test writes the link itself.
  const dataDir = process.env.E2E_DATA_DIR;
  test.skip(!dataDir, 'needs E2E_DATA_DIR from e2e/global-setup.ts to link demo_helper to the device');
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(path.join(dataDir ?? '', 'dms.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const device = db.prepare('SELECT id, owner_id FROM devices WHERE box_id = ? AND controller = 1').get(boxId) as { id: number; owner_id: number };
    const helper = db.prepare('SELECT id FROM users WHERE username = ?').get('demo_helper') as { id: number };
    db.prepare(
      'INSERT INTO device_links (device_id, kind, user_id, source_user_id, can_switch, show_value, created_at, recalled_at) VALUES (?, ?, ?, ?, 1, 1, ?, NULL)',
    ).run(device.id, 'helper', helper.id, device.owner_id, Date.now());
  } finally {
    db.close();
  }

  const token = await signIn(page, 'demo_helper');
  await open(page, `/devices/controller/${boxId}/1`);
  await expect(byId(page, `register-value-${LOAD_PRESSURE}`)).toBeVisible();
  await expect(byId(page, `register-write-${START_STOP}`)).toBeVisible();
  await expect(byId(page, `register-write-${LOAD_PRESSURE}`)).toHaveCount(0);
  await expect(byId(page, 'device-info-edit')).toHaveCount(0);
  await screenshot(page, 'device-helper');

  const write = (register: number, value: number) =>
    page.request.post(`${baseUrl()}/api/v2/devices/${boxId}/1/registers/${register}`, { headers: { authorization: `Bearer ${token}` }, data: { value } });
  const refused = await write(LOAD_PRESSURE, 0.7);
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe("You may not change this device's settings.");
  const allowed = await write(START_STOP, 0);
  expect(((await allowed.json()) as { data: { outcome: string } }).data.outcome).toBe('acknowledged');
});

test('bad parameters and unknown devices go to /404', async ({ page }) => {
  await signIn(page, 'demo_manager');
  for (const path of ['/devices/controller/abc/1', '/devices/controller/100006/0', '/devices/plcController/100006/x', '/devices/box/-5', '/devices/maglev-controller/1.5/1']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/404$/);
    await expect(page.getByText('This page does not exist')).toBeVisible();
  }
  // A device that does not exist: the API answers 40400.
  await page.goto('/devices/controller/2147483000/7');
  await expect(page).toHaveURL(/\/404$/);
});

test('the box page shows what the box reported, its controllers, connection history and address changes', async ({ page }) => {
  // The box drops and comes back from another address (127.0.0.2; Linux routes all of 127/8 to lo).
  await box?.endAsync();
  box = await connectBox(boxId, boxPassword, '127.0.0.2');

  const token = await signIn(page, 'demo_manager');
  // The server writes its logs a moment later: wait for them before looking.
  await expect
    .poll(async () => {
      const { data } = await apiGet<{ ipLog: unknown[]; connections: unknown[] }>(page.request, token, `/boxes/${boxId}`);
      return [data.ipLog.length, data.connections.length];
    })
    .toEqual([1, 3]);
  await open(page, `/devices/devices-show?q=${encodeURIComponent(company)}`);
  await listLoaded(page);
  await byId(page, `box-link-${boxId}-1`).click();
  await expectShown(page, new RegExp(`/devices/box/${boxId}$`));
  await expect(byId(page, 'box-firmware')).toHaveText('e2e-2.0');
  await expect(byId(page, 'box-iccid')).toHaveText('89860000000000000042');
  await expect(byId(page, 'box-online')).toHaveAttribute('data-online', 'true');
  await expect(byId(page, 'box-signal')).toHaveAttribute('data-percent', '68');
  await expect(byId(page, 'box-ip')).toHaveText('127.0.0.2');
  await expect(byId(page, 'box-connections').locator('[data-event="connect"]')).toHaveCount(2);
  await expect(byId(page, 'box-connections').locator('[data-event="disconnect"]')).toHaveCount(1);
  const ipRow = byId(page, 'box-ip-log').locator('tbody tr.ant-table-row');
  await expect(ipRow).toHaveCount(1);
  await expect(ipRow).toContainText('127.0.0.1');
  await expect(ipRow).toContainText('127.0.0.2');
  await byId(page, 'box-controller-1').click();
  await expectShown(page, new RegExp(`/devices/controller/${boxId}/1$`));
  await page.goBack();
  await screenshot(page, 'device-box');
});

test('maglev blowers and PLCs open their own detail pages: gauges and the PLC register map', async ({ page }) => {
  // The demo fleet: 100002 is a maglev blower, 100003 a PLC (both demo_end_user's).
  await signIn(page, 'demo_end_user');
  await open(page, '/devices/devices-show');
  await listLoaded(page);
  await byId(page, 'device-link-100002-1').click();
  await expectShown(page, /\/devices\/maglev-controller\/100002\/1$/);
  await expect(byId(page, 'maglev-gauges')).toBeVisible();
  for (const key of ['speed', 'power', 'flow', 'outlet_pressure']) {
    await expect(byId(page, `maglev-gauge-${key}`)).not.toHaveAttribute('data-value', '');
  }
  // The speed gauge shows the speed register's value (both follow the live values).
  await expect
    .poll(async () => {
      const gauge = await byId(page, 'maglev-gauge-speed').getAttribute('data-value');
      const register = await byId(page, 'register-value-40005').textContent();
      return Number(gauge) > 0 && gauge === register;
    })
    .toBe(true);
  await expect(byId(page, 'device-link-region')).toBeVisible();
  await byId(page, 'maglev-gauges').scrollIntoViewIfNeeded();
  await screenshot(page, 'device-maglev');

  await open(page, '/devices/devices-show');
  await listLoaded(page);
  await byId(page, 'device-link-100003-1').click();
  await expectShown(page, /\/devices\/plcController\/100003\/1$/);
  await expect(byId(page, 'register-table').locator('tr[data-register="0"]')).toContainText('Digital inputs DI1–DI16');
  await expect(byId(page, 'device-link-history')).toHaveAttribute('href', '/devices/plcHistory/100003/1');
  // The owner may write the PLC's setpoints.
  await expect(byId(page, 'register-write-20')).toBeVisible();
  await screenshot(page, 'device-plc');
});

test('event templates list the bits of a controller type with their texts', async ({ page }) => {
  await signIn(page, 'demo_end_user');
  await open(page, '/dashboard');
  await fromMenu(page, 'Devices', 'eventTemplates');
  await expectShown(page, /\/devices\/events\/templates/);
  const table = byId(page, 'templates-table');
  await expect(table.locator('tr[data-template]').first()).toBeVisible();
  // Pick the screw compressor: its first fault bit.
  await byId(page, 'templates-type').click();
  await page.locator('.ant-select-dropdown:visible [data-code="screw-compressor"]').click();
  await expect(table.locator('tr[data-template="40050-0"]')).toContainText('Main motor overload');
  await expect(table.locator('tr[data-template="40050-0"]')).toContainText('主机过载');
  await expect(table.locator('tr[data-template="40050-0"]')).toHaveAttribute('data-severity', 'fault');
  await screenshot(page, 'device-event-templates');
});

const LANGS = [
  { lang: 'zh', english: ['Device list', 'Online', 'Columns', 'Export', 'Registers', 'Device information'] },
  { lang: 'es', english: ['Device list', 'Columns', 'Registers', 'Device information', 'Status'] },
  { lang: 'ja', english: ['Device list', 'Online', 'Columns', 'Export', 'Registers', 'Device information'] },
] as const;

for (const { lang, english } of LANGS) {
  test(`every device screen in ${lang}, and at 800 px`, async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    // demo_end_user's demo fleet: 100001 a compressor, 100002 a maglev blower, 100003 a PLC.
    await signIn(page, 'demo_end_user', lang);
    const screens = [
      ['devices-show', '/devices/devices-show', 'devices-table'],
      ['fault', '/devices/fault', 'devices-table'],
      ['controller', '/devices/controller/100001/1', 'register-table'],
      ['maglev', '/devices/maglev-controller/100002/1', 'maglev-gauges'],
      ['plc', '/devices/plcController/100003/1', 'register-table'],
      ['box', '/devices/box/100001', 'box-controllers'],
      ['templates', '/devices/events/templates', 'templates-table'],
    ] as const;
    for (const [name, path, ready] of screens) {
      await open(page, path);
      await expect(byId(page, ready)).toBeVisible();
      await expect(byId(page, ready).locator('.ant-spin-spinning')).toHaveCount(0);
      const text = await page.locator('.dms-page:not([hidden])').innerText();
      for (const word of english) expect(text, `${name} in ${lang}`).not.toContain(word);
      // Nothing runs off the side at 800 px: the page itself does not scroll sideways.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${name} at 800 px`).toBeLessThanOrEqual(0);
      await screenshot(page, `devices-${name}-${lang}-800`);
      await byId(page, ready).scrollIntoViewIfNeeded();
      await screenshot(page, `devices-${name}-${lang}-800-content`);
    }
  });
}
