import { apiGet, ownCompressor } from './boxes.js';
import {
  apiLogin,
  baseUrl,
  DEVICE_SCREEN_LANGS,
  expect,
  expectDeviceScreensIn,
  openShell as open,
  reg,
  shown as byId,
  signIn,
  test,
} from './fixtures.js';

/**
 * A controller's device detail (its live values are followed in device-list.spec.ts, its register writes in
 * device-write.spec.ts): a box of the spec's own (a screw compressor registered to demo_manager) has its information
 * edited by its owner; another user may neither open nor write it; bad parameters and unknown devices go to /404; each
 * language and 800 px.
 */

test.describe.configure({ mode: 'serial' });

const LOAD_PRESSURE = reg('screw-compressor', 'load_pressure');

const { boxId } = ownCompressor(2);

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

test('bad parameters and unknown devices go to /404', async ({ page }) => {
  await signIn(page, 'demo_manager');
  for (const path of [
    '/devices/controller/abc/1',
    '/devices/controller/100006/0',
    '/devices/plcController/100006/x',
    '/devices/box/-5',
    '/devices/maglev-controller/1.5/1',
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/404$/);
    await expect(page.getByText('This page does not exist')).toBeVisible();
  }
  // A device that does not exist: the API answers 40400.
  await page.goto('/devices/controller/2147483000/7');
  await expect(page).toHaveURL(/\/404$/);
});

for (const language of DEVICE_SCREEN_LANGS) {
  test(`the device detail in ${language.lang}, and at 800 px`, async ({ page }) => {
    // demo_end_user's demo fleet: 100001 is a compressor.
    await expectDeviceScreensIn(page, language, [['controller', '/devices/controller/100001/1', 'register-table']]);
  });
}
