import { expect, expectShown, listLoaded, openShell as open, reg, screenshot, shown as byId, test } from './fixtures.js';

/**
 * The maglev blower's detail page, opened from the device list: its gauges follow the live values. The demo fleet's 100002
 * (demo_end_user's) is a maglev blower. In each language and width: language-sweep.spec.ts.
 */

test.use({ role: 'demo_end_user' });

const SPEED = reg('maglev-blower', 'speed');

test('maglev blowers open their own detail page: gauges', async ({ page }) => {
  await open(page, '/devices/devices-show');
  await listLoaded(page);
  await byId(page, 'device-link-100002-1').click();
  await expectShown(page, /\/devices\/maglev-controller\/100002\/1$/);
  await expect(byId(page, 'device-gauges')).toBeVisible();
  for (const key of ['speed', 'power', 'flow', 'outlet_pressure']) {
    await expect(byId(page, `device-gauge-${key}`)).not.toHaveAttribute('data-value', '');
  }
  // The speed gauge shows the speed register's raw value (both follow the live values). The demo blower may be
  // stopped by one of the demo fleet's random faults, so its speed may be 0: the test holds for any value.
  await expect
    .poll(async () => {
      const gauge = await byId(page, 'device-gauge-speed').getAttribute('data-value');
      const register = await byId(page, `register-value-${SPEED}`).getAttribute('data-raw');
      return gauge !== null && gauge !== '' && gauge === register;
    })
    .toBe(true);
  await expect(byId(page, 'device-link-region')).toBeVisible();
  await byId(page, 'device-gauges').scrollIntoViewIfNeeded();
  await screenshot(page, 'device-maglev');
});
