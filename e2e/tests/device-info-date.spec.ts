import { ownCompressor } from './boxes.js';
import { expect, openShell as open, screenshot, shown as byId, signIn, test } from './fixtures.js';

/**
 * The device information form's dates (installed, expires) use antd's DatePicker in the console's date format
 * (YYYY-MM-DD in every language), not the browser's own mm/dd/yyyy input; cleared, the date is gone.
 */

test.describe.configure({ mode: 'serial' });

const { boxId } = ownCompressor(3);

for (const lang of ['en', 'zh', 'es', 'ja'] as const) {
  test(`in ${lang}: the install date is picked with antd's date picker and saved as YYYY-MM-DD`, async ({ page }) => {
    await signIn(page, 'demo_manager', lang);
    await open(page, `/devices/controller/${boxId}/1`);
    await byId(page, 'device-info-edit').click();
    const form = page.getByTestId('device-info-form');
    const install = form.getByTestId('device-info-installDate');
    // antd's picker, not a native date input.
    await expect(form.locator('input[type="date"]')).toHaveCount(0);
    await expect(form.locator('.ant-picker')).toHaveCount(2);
    const input = form.locator('.ant-picker input').first();
    await input.click();
    const panel = page.locator('.ant-picker-dropdown:visible');
    await expect(panel).toBeVisible();
    await expect(panel.locator('.ant-picker-cell-today')).toBeVisible();
    // Let the panel's opening animation end before the picture.
    await page.waitForTimeout(400);
    await screenshot(page, `device-info-date-${lang}`);
    await input.fill('2024-03-05');
    await input.press('Enter');
    await expect(input).toHaveValue('2024-03-05');
    await expect(install).toBeVisible();
    // Clicking elsewhere in the dialog closes the panel and keeps the date.
    await page.locator('.ant-modal-title').click();
    await expect(panel).toHaveCount(0);
    await expect(input).toHaveValue('2024-03-05');
    await page.setViewportSize({ width: 390, height: 844 });
    await install.scrollIntoViewIfNeeded();
    await screenshot(page, `device-info-date-${lang}-390`);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('device-info-save').click();
    await expect(form).toBeHidden();
    await expect(byId(page, 'device-info')).toContainText('2024-03-05');

    // Cleared, the date is gone.
    await byId(page, 'device-info-edit').click();
    await expect(page.getByTestId('device-info-form').locator('.ant-picker input').first()).toHaveValue('2024-03-05');
    const picker = page.getByTestId('device-info-form').locator('.ant-picker').first();
    // The clear icon shows on hover; forced, the click does not wait for its fade-in. A click that lands while the
    // picker is still settling (a slow machine) is made again until the date is gone.
    await expect(async () => {
      await picker.hover();
      await picker.locator('.ant-picker-clear').click({ force: true, timeout: 2000 });
      await expect(picker.locator('input')).toHaveValue('', { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await page.getByTestId('device-info-save').click();
    await expect(page.getByTestId('device-info-form')).toBeHidden();
    await expect(byId(page, 'device-info')).not.toContainText('2024-03-05');
  });
}
