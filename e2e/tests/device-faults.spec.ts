import type { Page } from '@playwright/test';
import { ownCompressor } from './boxes.js';
import { expect, expectShown, fromMenu, listLoaded, openShell as open, reg, screenshot, shown as byId, test } from './fixtures.js';

/**
 * The cause of a fault, up front (issue 11 point 1): a box of the spec's own sets two faults and a warning; the
 * dashboard's live feed names the fault, the fault and warning lists name the active faults with how long they have
 * lasted (newest first), and the device's header names them, each linking to its fault records. The names in each
 * language at each width, and the header within the page's width: language-sweep.spec.ts.
 */

test.describe.configure({ mode: 'serial' });
test.use({ role: 'demo_manager', lang: 'en' });

const FAULT_BITS = reg('screw-compressor', 'fault_bits');
const ALERT_BITS = reg('screw-compressor', 'alert_bits');
const HIGH_DISCHARGE_TEMPERATURE = 1 << 2;
const MAIN_MOTOR_OVERLOAD = 1 << 0;
const HIGH_AMBIENT_TEMPERATURE = 1 << 10;

const box = ownCompressor(7);
const { boxId } = box;

const NAMES = {
  en: ['High ambient temperature', 'Main motor overload', 'High discharge temperature'],
} as const;

/** The names shown in an active-faults list, in order. */
const namesIn = (page: Page, testId: string) => byId(page, testId).locator('.dms-active-fault-name');

test('the dashboard feed names the fault, the fault list and the header name the active faults', async ({ page }) => {
  // One scenario of four reports a second or more apart, three pages and two reloads: longer than one page's check.
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await open(page, '/dashboard');
  const fleet = page.getByTestId('dashboard-fleet');
  await expect(fleet.getByTestId('fleet-count-all')).toBeVisible();
  await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'live');

  // High discharge temperature: the device goes into fault, and the live feed says which.
  await box.publishData({ [FAULT_BITS]: HIGH_DISCHARGE_TEMPERATURE, [ALERT_BITS]: 0 });
  const row = fleet.locator(`[data-testid="fleet-feed-row"][data-box-id="${boxId}"][data-to="online_fault"]`);
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row.getByTestId('fleet-feed-faults')).toHaveText('High discharge temperature');
  await row.scrollIntoViewIfNeeded();
  await screenshot(page, 'device-faults-dashboard-feed');

  // Then a second fault and a warning, a moment apart each, so their order is known.
  await page.waitForTimeout(1100);
  await box.publishData({ [FAULT_BITS]: HIGH_DISCHARGE_TEMPERATURE | MAIN_MOTOR_OVERLOAD, [ALERT_BITS]: 0 });
  await page.waitForTimeout(1100);
  await box.publishData({ [FAULT_BITS]: HIGH_DISCHARGE_TEMPERATURE | MAIN_MOTOR_OVERLOAD, [ALERT_BITS]: HIGH_AMBIENT_TEMPERATURE });

  // The fault list (from the menu), narrowed to this box: the names, newest first, each with how long it has lasted.
  await fromMenu(page, 'Devices', 'faultDevices');
  await expectShown(page, /\/devices\/fault$/);
  await listLoaded(page);
  await byId(page, 'devices-search').fill(String(boxId));
  await expectShown(page, new RegExp(`/devices/fault\\?.*q=${boxId}`));
  const cell = `device-faults-${boxId}-1`;
  await expect(async () => {
    await page.reload();
    await listLoaded(page);
    await expect(namesIn(page, cell)).toHaveText([...NAMES.en], { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(byId(page, `${cell}-age`).first()).toHaveText(/^for \d+ s$/);
  await expect(byId(page, `${cell}-item`).first()).toHaveAttribute('data-kind', 'alert');
  await expect(byId(page, `${cell}-more`)).toHaveCount(0);
  await screenshot(page, 'device-faults-fault-list');

  // A fourth: three are named, "+1 more".
  await box.publishData({
    [FAULT_BITS]: HIGH_DISCHARGE_TEMPERATURE | MAIN_MOTOR_OVERLOAD | (1 << 4),
    [ALERT_BITS]: HIGH_AMBIENT_TEMPERATURE,
  });
  await expect(async () => {
    await page.reload();
    await listLoaded(page);
    await expect(byId(page, `${cell}-more`)).toHaveText('+1 more', { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(namesIn(page, cell)).toHaveText(['Phase loss', 'High ambient temperature', 'Main motor overload']);
  await box.publishData({ [FAULT_BITS]: HIGH_DISCHARGE_TEMPERATURE | MAIN_MOTOR_OVERLOAD, [ALERT_BITS]: HIGH_AMBIENT_TEMPERATURE });

  // The header of the device's detail names them too, and a name opens the device's fault records.
  await byId(page, `device-link-${boxId}-1`).click();
  await expectShown(page, new RegExp(`/devices/controller/${boxId}/1$`));
  await expect(namesIn(page, 'device-head-faults')).toHaveText([...NAMES.en], { timeout: 15_000 });
  await expect(byId(page, 'device-head-faults-age').first()).toHaveText(/^for \d+ s$/);
  await screenshot(page, 'device-faults-header');
  await byId(page, 'device-head-faults-link').first().click();
  await expectShown(page, new RegExp(`/devices/error-record/${boxId}/1$`));
});

test('cleared faults vanish from the list and the header', async ({ page }) => {
  await open(page, `/devices/controller/${boxId}/1`);
  await expect(namesIn(page, 'device-head-faults')).toHaveCount(3);
  await box.publishData({ [FAULT_BITS]: 0, [ALERT_BITS]: 0 });
  await expect(byId(page, 'device-status')).toHaveAttribute('data-status', 'online');
  await expect(byId(page, 'device-head-faults')).toHaveCount(0, { timeout: 15_000 });
  await open(page, `/devices/devices-show?q=${boxId}`);
  await listLoaded(page);
  await expect(byId(page, `device-status-${boxId}-1`)).toHaveAttribute('data-status', 'online');
  await expect(byId(page, `device-faults-${boxId}-1`)).toHaveCount(0);
});
