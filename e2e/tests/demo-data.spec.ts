import { expect, openShell, screenshot, shown, signIn, test } from './fixtures.js';

// Issue 11 point 12: the demo fleet's companies and addresses are written as their Chinese users write them, in every
// console language (data, not translation).
test.describe('demo fleet data', () => {
  for (const lang of ['en', 'zh', 'es', 'ja'] as const) {
    for (const width of [1440, 390] as const) {
      test(`a demo device's company and address are Chinese, in ${lang} at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await signIn(page, 'demo_end_user', lang);
        // demo_end_user's demo fleet: box 100001, in Suzhou.
        await openShell(page, '/devices/controller/100001/1');
        const info = shown(page, 'device-info');
        await expect(info.getByTestId('device-info-value-company')).toHaveText('苏州恒通精密机械有限公司', { timeout: 20_000 });
        await expect(info.getByTestId('device-info-value-location')).toContainText('江苏省');
        await expect(info.getByTestId('device-info-value-location')).toContainText('星湖街18号');
        await expect(info.getByTestId('device-info-value-contact')).toHaveText(/^\p{Script=Han}{2,3}$/u);
        await info.scrollIntoViewIfNeeded();
        await screenshot(page, `demo-data-device-info-${lang}-${width}`);
      });
    }
  }
});
