import type { DeviceDetail } from '@dms/contract';
import { apiGet, ownBox } from './boxes.js';
import { dialogClosed, dialogSettled, expect, expectShown, fromMenu, openShell, screenshot, shown, test, tokenOf } from './fixtures.js';

/**
 * /smartbox/device-property (root; issue 23): root finds a box's device, edits its model in the dialog, then imports a
 * sheet that sets its IoT module: a bad row is shown by row and column and nothing is written; fixed, it applies. The
 * calls' rules and refusals are the server's tests (device-properties.test.ts).
 */
test.use({ role: 'demo_root' });

const boxId = 2_130_000_000 + Math.floor(Math.random() * 400_000) * 10;
ownBox(boxId, `E2E Props ${boxId}`, 'screw-compressor', async () => {});

test('root edits a device’s properties, and imports a sheet of them', async ({ page }) => {
  const stored = async () => (await apiGet(page.request, tokenOf('demo_root'), `/devices/${boxId}/1`)).data as DeviceDetail;
  await expect.poll(async () => (await apiGet(page.request, tokenOf('demo_root'), `/devices/${boxId}/1`)).status).toBe(200);
  const { id } = await stored();

  await openShell(page, '/dashboard');
  await fromMenu(page, 'Smart box', 'deviceProperty');
  await expectShown(page, /\/smartbox\/device-property/);
  await shown(page, 'property-search').fill(String(boxId));
  await shown(page, 'property-search').press('Enter');
  await shown(page, `property-select-${id}`).check();
  await shown(page, 'property-edit-selected').click();
  await dialogSettled(page);
  const dialog = page.locator('.ant-modal:visible');
  await dialog.getByTestId('property-model').fill('GA-45');
  await dialog.getByTestId('property-installDate').fill('2026-03-01');
  await screenshot(page, 'smartbox-device-property-edit');
  await dialog.getByTestId('property-save').click();
  await expect(page.locator('.ant-message')).toContainText('1 device updated.');
  await expect.poll(async () => (await stored()).model).toBe('GA-45');
  expect((await stored()).installDate).toBe('2026-03-01');

  await shown(page, 'property-import').click();
  await dialogSettled(page);
  const file = (rows: string[]) => ({
    name: 'devices.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['Box ID,Controller,IoT module', ...rows].join('\n')),
  });
  const input = page.locator('.ant-modal input[type=file]');
  await input.setInputFiles(file([`${boxId},1,EC20`, `${boxId},9,EC20`]));
  await expect(page.getByTestId('property-import-problems')).toContainText(`Row 3, Box ID: there is no device ${boxId}/9.`);
  await expect(page.getByTestId('property-import-apply')).toBeDisabled();
  await input.setInputFiles(file([`${boxId},1,EC20`]));
  await expect(page.getByTestId('property-import-summary')).toContainText('1 device changes; 0 unchanged.');
  await screenshot(page, 'smartbox-device-property-import');
  await page.getByTestId('property-import-apply').click();
  await dialogClosed(page);
  await expect(page.locator('.ant-message')).toContainText('1 device updated from the sheet.');
  await expect.poll(async () => (await stored()).iotModule).toBe('EC20');
});
