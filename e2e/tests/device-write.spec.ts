import { ownCompressor } from './boxes.js';
import { asRole, baseUrl, confirmWrite, expect, openShell as open, reg, screenshot, shown as byId, test, tokenOf } from './fixtures.js';

/**
 * Register writes on the device detail: a box of the spec's own (a screw compressor registered to demo_manager)
 * answers them as a controller would (load pressure accepted, unload pressure refused as busy); the console checks the
 * register's range before sending; a helper given the switch right may write only the start/stop register.
 */

test.describe.configure({ mode: 'serial' });

const LOAD_PRESSURE = reg('screw-compressor', 'load_pressure');
const UNLOAD_PRESSURE = reg('screw-compressor', 'unload_pressure');
const DISCHARGE_PRESSURE = reg('screw-compressor', 'discharge_pressure');
const START_STOP = reg('screw-compressor', 'start_stop_command');

const box = ownCompressor(3);
const { boxId } = box;

test('a register write round trip: acknowledged, then refused by the controller, then out of range', async ({ page }) => {
  await asRole(page, 'demo_manager');
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
  expect(box.writes).toContainEqual({ register: LOAD_PRESSURE, value: 75 });
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

test('a helper given the switch right sees only the start/stop control; the API refuses other writes', async ({ page }) => {
  // demo_manager shares the device with its helper, with the switch right (/user_register/share_device).
  const manager = { authorization: `Bearer ${tokenOf('demo_manager')}` };
  const helpers = await page.request.get(`${baseUrl()}/api/v2/user_register/get_helpers?q=demo_helper`, { headers: manager });
  const helperId = ((await helpers.json()) as { data: { items: Array<{ id: number; username: string }> } }).data.items.find(
    (h) => h.username === 'demo_helper',
  )?.id;
  const devices = await page.request.get(`${baseUrl()}/api/v2/devices?boxId=${boxId}`, { headers: manager });
  const deviceId = ((await devices.json()) as { data: { items: Array<{ id: number }> } }).data.items[0]?.id;
  const shared = await page.request.post(`${baseUrl()}/api/v2/user_register/share_device`, {
    headers: manager,
    data: { userId: helperId, deviceId, canSwitch: true },
  });
  expect(((await shared.json()) as { code: number }).code).toBe(20000);

  const token = await asRole(page, 'demo_helper');
  await open(page, `/devices/controller/${boxId}/1`);
  await expect(byId(page, `register-value-${LOAD_PRESSURE}`)).toBeVisible();
  await expect(byId(page, `register-write-${START_STOP}`)).toBeVisible();
  await expect(byId(page, `register-write-${LOAD_PRESSURE}`)).toHaveCount(0);
  await expect(byId(page, 'device-info-edit')).toHaveCount(0);
  await screenshot(page, 'device-helper');

  const write = (register: number, value: number) =>
    page.request.post(`${baseUrl()}/api/v2/devices/${boxId}/1/registers/${register}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { value },
    });
  const refused = await write(LOAD_PRESSURE, 0.7);
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe("You may not change this device's settings.");
  const allowed = await write(START_STOP, 0);
  expect(((await allowed.json()) as { data: { outcome: string } }).data.outcome).toBe('acknowledged');
});
