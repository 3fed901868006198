import type { BoxDetail } from '@dms/contract';
import { apiGet, registerBoxes } from './boxes.js';
import { expect, expectShown, fromMenu, openShell, screenshot, shown, test, tokenOf } from './fixtures.js';

/**
 * /smartbox/box-assign (limited_admin only; issue 23): limited_admin names a range of three numbers, two of them
 * registered boxes of demo_manager, chooses demo_manufacturer, sees the two boxes (and the number with no box) before
 * confirming, and assigns them: the boxes are demo_manufacturer's. The call's rules and refusals are the server's tests
 * (box-assign.test.ts); other roles see no entry (menus.spec.ts).
 */
test.use({ role: 'demo_limited_admin' });

const first = 2_120_000_000 + Math.floor(Math.random() * 400_000) * 10;

test('limited_admin sees a range’s boxes, then assigns them to a manufacturer', async ({ page, playwright }) => {
  const request = await playwright.request.newContext();
  await registerBoxes(request, 'demo_manager', first, first + 1, {
    boxType: 'E2E-DTU',
    companyName: `E2E Assign ${first}`,
    contact: 'e2e',
  });

  await openShell(page, '/dashboard');
  await fromMenu(page, 'Smart box', 'boxAssign');
  await expectShown(page, /\/smartbox\/box-assign$/);
  await shown(page, 'box-assign-account').click();
  await page.keyboard.type('demo_manufacturer');
  await page.locator('.ant-select-item-option').filter({ hasText: 'demo_manufacturer' }).first().click();
  await shown(page, 'box-assign-from').fill(String(first));
  await shown(page, 'box-assign-to').fill(String(first + 2));
  await shown(page, 'box-assign-preview').click();
  await expect(shown(page, 'box-assign-summary')).toHaveText(
    `2 boxes will move to demo_manufacturer. 1 number has no box registered (${first + 2}).`,
  );
  await expect(shown(page, 'box-assign-boxes').locator('tbody tr.ant-table-row')).toHaveCount(2);
  await expect(shown(page, 'box-assign-boxes')).toContainText('demo_manager');
  await screenshot(page, 'smartbox-assign-preview');
  await shown(page, 'box-assign-submit').click();
  await expect(page.locator('.ant-message')).toContainText('2 boxes with 0 devices now belong to demo_manufacturer.');
  for (const boxId of [first, first + 1]) {
    const box = (await apiGet(request, tokenOf('demo_root'), `/boxes/${boxId}`)).data as BoxDetail;
    expect(box.owner).toBe('demo_manufacturer');
  }
  await request.dispose();
});
