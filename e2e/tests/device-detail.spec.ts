import { ownCompressor } from './boxes.js';
import { expect, openShell as open, shown as byId, test } from './fixtures.js';

/**
 * A controller's device detail (its live values are followed in device-list.spec.ts, its register writes in
 * device-write.spec.ts): a box of the spec's own (a screw compressor registered to demo_manager) has its information
 * edited by its owner. Another user's /401 and bad parameters' /404: guard.spec.ts; the API's 403 to users who do not
 * reach the device: server/test/visibility-matrix.test.ts and devices.test.ts. The information's dates in each
 * language, and the page in each language and width: language-sweep.spec.ts.
 */

test.use({ role: 'demo_manager' });

const { boxId } = ownCompressor(2);

test('the device information is edited with validation by its owner', async ({ page }) => {
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
