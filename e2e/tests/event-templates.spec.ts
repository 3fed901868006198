import {
  DEVICE_SCREEN_LANGS,
  expect,
  expectDeviceScreensIn,
  expectShown,
  fromMenu,
  openShell as open,
  reg,
  screenshot,
  shown as byId,
  signIn,
  test,
} from './fixtures.js';

/** Event templates: opened from the menu, the bits of a controller type with their texts; each language and 800 px. */

const FAULT_BITS = reg('screw-compressor', 'fault_bits');

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
  await expect(table.locator(`tr[data-template="${FAULT_BITS}-0"]`)).toContainText('Main motor overload');
  await expect(table.locator(`tr[data-template="${FAULT_BITS}-0"]`)).toContainText('主机过载');
  await expect(table.locator(`tr[data-template="${FAULT_BITS}-0"]`)).toHaveAttribute('data-severity', 'fault');
  await screenshot(page, 'device-event-templates');
});

for (const language of DEVICE_SCREEN_LANGS) {
  test(`the event templates in ${language.lang}, and at 800 px`, async ({ page }) => {
    await expectDeviceScreensIn(page, language, [['templates', '/devices/events/templates', 'templates-table']]);
  });
}
