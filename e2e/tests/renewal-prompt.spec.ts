import type { Page } from '@playwright/test';
import { baseUrl, expect, openShell, screenshot, shown as byId, test, tokenOf } from './fixtures.js';

/**
 * The renewal prompt (spec 9; issue 22): root edits it on /notice/notification-management's Prompt tab, each text with
 * {phone} where the number goes; a text without it is refused; the saved prompt is what the top bar's IoT cards drawer
 * shows, and restoring the product's brings its text and phone number back. The prompt is global: the product's is
 * restored at the end whatever happened, so that no other spec sees this one's.
 */
test.use({ role: 'demo_root' });

const DEFAULT_PHONE = '400-000-0000';
const PHONE = '+86 10 8888 6666';
const ENGLISH = 'Call {phone} to renew this card.';

test.afterAll(async ({ request }) => {
  const res = await request.delete(`${baseUrl()}/api/v2/iot_card/prompt`, { headers: { authorization: `Bearer ${tokenOf('demo_root')}` } });
  expect(res.ok()).toBe(true);
});

/** Opens the top bar's IoT cards drawer, expects its prompt to contain `text`, and closes it. */
async function expectDrawerPrompt(page: Page, text: string): Promise<void> {
  await page.getByTestId('iot-cards').click();
  const drawer = page.getByTestId('iot-cards-drawer');
  await expect(drawer.getByTestId('renewal-prompt')).toContainText(text);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
}

test('root edits the renewal prompt: {phone} is required, the drawer shows the saved one, and the default is restored', async ({
  page,
}) => {
  await openShell(page, '/notice/notification-management');
  await byId(page, 'notice-tab-prompt').click();
  const custom = byId(page, 'prompt-custom');
  await expect(custom).toHaveAttribute('data-custom', 'false');
  await expect(byId(page, 'prompt-phone')).toHaveValue(DEFAULT_PHONE);
  await expect(byId(page, 'prompt-preview-en')).toContainText(DEFAULT_PHONE);

  // A text that does not say where the phone number goes is refused.
  const japanese = byId(page, 'prompt-text-ja');
  const standardJa = await japanese.inputValue();
  expect(standardJa).toContain('{phone}');
  await japanese.fill(standardJa.replace('{phone}', ''));
  await expect(byId(page, 'prompt-preview-ja')).not.toContainText(DEFAULT_PHONE);
  await byId(page, 'prompt-save').click();
  await expect(byId(page, 'prompt-error')).toContainText('Each text must show where the phone number goes: {phone}.');
  await expect(custom).toHaveAttribute('data-custom', 'false');

  // Fixed, with a phone number and an English text of root's own: previewed as typed, then saved.
  await japanese.fill(standardJa);
  await expect(byId(page, 'prompt-error')).toHaveCount(0);
  await byId(page, 'prompt-phone').fill(PHONE);
  await byId(page, 'prompt-text-en').fill(ENGLISH);
  await expect(byId(page, 'prompt-preview-en')).toHaveText(`Call ${PHONE} to renew this card.`);
  await expect(byId(page, 'prompt-preview-ja')).toContainText(PHONE);
  await byId(page, 'prompt-save').click();
  await expect(custom).toHaveAttribute('data-custom', 'true');
  await expect(byId(page, 'prompt-text-en')).toHaveValue(ENGLISH);

  // The top bar's IoT cards drawer shows root's prompt.
  await expectDrawerPrompt(page, `Call ${PHONE} to renew this card.`);

  // Restored: the product's text and phone number, on the tab and in the drawer.
  await byId(page, 'prompt-restore').click();
  await page.locator('[data-testid=prompt-restore-ok]:visible').click();
  await expect(custom).toHaveAttribute('data-custom', 'false');
  await expect(byId(page, 'prompt-phone')).toHaveValue(DEFAULT_PHONE);
  await expect(byId(page, 'prompt-text-en')).not.toHaveValue(ENGLISH);
  await expectDrawerPrompt(page, DEFAULT_PHONE);
  await screenshot(page, 'renewal-prompt');

  // At phone width the tab fits the screen: nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  const tab = byId(page, 'prompt-tab');
  await expect(byId(page, 'prompt-text-es')).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
  const box = await tab.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(390);
  await screenshot(page, 'renewal-prompt-phone');
});
