import { expect, expectShown, listLoaded, openShell as open, reg, screenshot, shown as byId, test } from './fixtures.js';

/**
 * The PLC's detail page, opened from the device list: the PLC register map, its history link and setpoint writes for
 * the owner. The demo fleet's 100003 (demo_end_user's) is a PLC. In each language and width: language-sweep.spec.ts.
 */

test.use({ role: 'demo_end_user' });

const DIGITAL_INPUTS = reg('generic-plc', 'digital_inputs_1');
const ANALOG_OUTPUT = reg('generic-plc', 'ao1');

test('PLCs open their own detail page: the PLC register map', async ({ page }) => {
  await open(page, '/devices/devices-show');
  await listLoaded(page);
  await byId(page, 'device-link-100003-1').click();
  await expectShown(page, /\/devices\/plcController\/100003\/1$/);
  await expect(byId(page, 'register-table').locator(`tr[data-register="${DIGITAL_INPUTS}"]`)).toContainText('Digital inputs DI1–DI16');
  await expect(byId(page, 'device-link-history')).toHaveAttribute('href', '/devices/plcHistory/100003/1');
  // The owner may write the PLC's setpoints.
  await expect(byId(page, `register-write-${ANALOG_OUTPUT}`)).toBeVisible();
  await screenshot(page, 'device-plc');
});
