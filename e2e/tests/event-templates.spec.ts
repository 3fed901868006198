import { expect, expectShown, fromMenu, openShell as open, reg, screenshot, shown as byId, test } from './fixtures.js';

/**
 * Event templates: opened from the menu, the bits of a controller type with their texts. In each language and width:
 * language-sweep.spec.ts.
 */

test.use({ role: 'demo_end_user' });

const FAULT_BITS = reg('screw-compressor', 'fault_bits');

test('event templates list the bits of a controller type with their texts', async ({ page }) => {
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
