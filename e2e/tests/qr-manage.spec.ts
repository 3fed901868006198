import type { Page, Request } from '@playwright/test';
import { apiGet } from './boxes.js';
import { ckDevice, pickDevice } from './qr.js';
import { baseUrl, expect, type Role, expectShown, fromMenu, openShell, rolePage, screenshot, shown, test, tokenOf } from './fixtures.js';

/**
 * /qrManage (issue 24; docs/dynamic-password.md): root opens "Calculate dynamic password" from the sidebar, is told a
 * challenge of five digits is none before anything is sent, and calculates a password for a device of the CK group
 * 1333: eight digits, shown once with the mode, the serial and "No limit". The same inputs sent again as a new
 * submission (a key of its own) give the same password (same day, challenge and mode). demo_limited_admin, given 3 by
 * root, calculates three passwords, sees its quota count down, and is refused the fourth. demo_manufacturer, a CK factory
 * with no limit, gives demo_district_dist 5 on "Password quotas", is refused taking back 10 in the server's words, and
 * demo_district_dist sees its 5 on top of its own page. Root's calculation made through the API is found on "Password
 * records" filtered by its mode, counted in the totals per user and exported to .xlsx; demo_district_dist, who
 * calculates nothing, opens the same page on an empty list. The algorithm's vectors, the debits and every refusal are
 * the server's tests (dynamic-passwords.test.ts, pwd-quotas.test.ts, pwd-list.test.ts).
 */

/** Sets `username`'s quota to `n` as `giver` (their superior), whatever a run before left, through the API. */
async function setQuota(page: Page, giver: Role, username: string, n: number): Promise<void> {
  const token = tokenOf(giver);
  const { data } = await apiGet(page.request, token, `/qrManage/pwd-quota?q=${username}`);
  const row = (data as { items: Array<{ userId: number; username: string; remaining: number }> }).items.find(
    (u) => u.username === username,
  );
  if (!row) throw new Error(`${username} is not below ${giver}`);
  if (row.remaining === n) return;
  const res = await page.request.post(`${baseUrl()}/api/v2/qrManage/pwd-quota`, {
    headers: { authorization: `Bearer ${token}` },
    data: { userId: row.userId, change: n - row.remaining },
  });
  expect(((await res.json()) as { code: number }).code).toBe(20000);
}

/** The body of a calculation sent. */
const calculation = (r: Request) => r.url().endsWith('/qrManage/calculate-dynamic-pwd') && r.method() === 'POST';
const requestIdOf = (r: Request) => (r.postDataJSON() as { requestId: string }).requestId;

test.describe('calculating a dynamic password', () => {
  test.use({ role: 'demo_root' });

  test('root (no limit) calculates a password: eight digits shown once, the same for the same inputs sent anew', async ({ page }) => {
    const device = await ckDevice(page);
    const challenge = String(100_000 + Math.floor(Math.random() * 900_000));

    await openShell(page, '/dashboard');
    await fromMenu(page, 'Dynamic passwords', 'calculateDynamicPwd');
    await expectShown(page, /\/qrManage\/calculate-dynamic-pwd$/);
    await expect(shown(page, 'qr-my-quota-value')).toHaveText('No limit');

    await pickDevice(page, device);
    // Five digits are no challenge: said in the form, nothing sent.
    let sent = 0;
    page.on('request', (r) => {
      if (calculation(r)) sent += 1;
    });
    await shown(page, 'qr-calc-challenge').fill(challenge.slice(0, 5));
    await shown(page, 'qr-calc-submit').click();
    await expect(shown(page, 'qr-calculate')).toContainText('Enter the challenge the controller shows: six digits.');
    expect(sent).toBe(0);

    await shown(page, 'qr-calc-challenge').fill(challenge);
    await shown(page, 'qr-calc-mode-unlock-7d').click();
    const first = page.waitForRequest(calculation);
    await shown(page, 'qr-calc-submit').click();
    const firstId = requestIdOf(await first);
    const password = shown(page, 'qr-result-password');
    await expect(password).toHaveText(/^\d{8}$/);
    const digits = (await password.textContent()) ?? '';
    await expect(shown(page, 'qr-result-mode')).toHaveText('Unlock for 7 days');
    await expect(shown(page, 'qr-result-serial')).toHaveText(`${device.boxId}-${device.controller}`);
    await expect(shown(page, 'qr-result-challenge')).toHaveText(challenge);
    await expect(shown(page, 'qr-result-quota')).toHaveText('No limit');
    await expect(shown(page, 'qr-result-valid-until')).toContainText('Valid until ');
    await screenshot(page, 'qr-calculate');

    // A new submission of the same inputs, on a phone: a key of its own, the same password, brought into view.
    await page.setViewportSize({ width: 390, height: 844 });
    const second = page.waitForRequest(calculation);
    await shown(page, 'qr-calc-submit').click();
    expect(requestIdOf(await second)).not.toBe(firstId);
    await expect(password).toHaveText(digits);
    await expect(password).toBeInViewport();
    await screenshot(page, 'qr-calculate-390');
  });
});

test.describe('calculating within a quota', () => {
  test.use({ role: 'demo_limited_admin' });

  test("limited_admin, given 3 by root, calculates three passwords; the fourth is refused in the server's words", async ({ page }) => {
    // Root sets demo_limited_admin's quota to 3, whatever a run before left.
    await setQuota(page, 'demo_root', 'demo_limited_admin', 3);
    const device = await ckDevice(page);

    await openShell(page, '/qrManage/calculate-dynamic-pwd');
    await expect(shown(page, 'qr-my-quota-value')).toHaveText('3 calculations left');
    await pickDevice(page, device);
    const base = 100_000 + Math.floor(Math.random() * 800_000);
    const quotaLeft = ['No calculations left', '1 calculation left', '2 calculations left'];
    for (const left of [2, 1, 0]) {
      await shown(page, 'qr-calc-challenge').fill(String(base + left));
      await shown(page, 'qr-calc-submit').click();
      await expect(shown(page, 'qr-result-password')).toHaveText(/^\d{8}$/);
      await expect(shown(page, 'qr-result-quota')).toHaveText(quotaLeft[left] ?? '');
    }
    await expect(shown(page, 'qr-my-quota-value')).toHaveText('No calculations left');
    await shown(page, 'qr-calc-challenge').fill(String(base + 3));
    await shown(page, 'qr-calc-submit').click();
    await expect(shown(page, 'qr-calc-error')).toContainText('Your password quota is used up. Ask your superior for more.');
    await expect(shown(page, 'qr-result-password')).toHaveCount(0);
    await screenshot(page, 'qr-calculate-quota-used-up');
  });
});

test.describe('giving password quota', () => {
  test.use({ role: 'demo_manufacturer' });

  test('a CK factory gives its distributor 5, is refused taking back 10, and the distributor sees its 5', async ({ page, browser }) => {
    // The distributor starts from none (a run before may have left it some).
    await setQuota(page, 'demo_manufacturer', 'demo_district_dist', 0);

    await openShell(page, '/dashboard');
    await fromMenu(page, 'Dynamic passwords', 'pwdQuota');
    await expectShown(page, /\/qrManage\/pwd-quota$/);
    await expect(shown(page, 'qr-my-quota-value')).toHaveText('No limit');
    await shown(page, 'qr-quotas-search').fill('demo_district');
    await shown(page, 'qr-quotas-search').press('Enter');
    await expect(shown(page, 'qr-quota-remaining-demo_district_dist')).toHaveText('0');

    await shown(page, 'qr-quota-change-demo_district_dist').click();
    await expect(page.getByRole('dialog')).toContainText('positive number gives units from your own quota');
    await page.getByTestId('qr-quota-change').fill('5');
    await page.getByTestId('qr-quota-change-ok').click();
    await expect(page.locator('.ant-message')).toContainText('demo_district_dist now has 5 left; you have no limit.');
    await expect(shown(page, 'qr-quota-remaining-demo_district_dist')).toHaveText('5');

    await shown(page, 'qr-quota-change-demo_district_dist').click();
    await page.getByTestId('qr-quota-change').fill('-10');
    await page.getByTestId('qr-quota-change-ok').click();
    await expect(page.getByRole('dialog')).toContainText("A decrease cannot exceed the user's remaining quota (5).");
    await screenshot(page, 'qr-pwd-quota-refused');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(shown(page, 'qr-quota-remaining-demo_district_dist')).toHaveText('5');

    const distributor = await rolePage(browser, 'demo_district_dist');
    await openShell(distributor, '/qrManage/pwd-quota');
    await expect(shown(distributor, 'qr-my-quota-value')).toHaveText('5 calculations left');
    await expect(shown(distributor, 'qr-quotas-table')).toContainText('demo_regional_dist');
    await screenshot(distributor, 'qr-pwd-quota-distributor');
    await distributor.context().close();
  });
});

test.describe('the password records', () => {
  test.use({ role: 'demo_root' });

  test("root finds its calculation by mode, with each user's totals, and exports them; a distributor sees an empty list", async ({
    page,
    browser,
  }) => {
    const device = await ckDevice(page);
    const challenge = String(100_000 + Math.floor(Math.random() * 900_000));
    const res = await page.request.post(`${baseUrl()}/api/v2/qrManage/calculate-dynamic-pwd`, {
      headers: { authorization: `Bearer ${tokenOf('demo_root')}` },
      data: { deviceId: device.id, challenge, mode: 'permanent', requestId: `e2e-records-${Date.now()}-${challenge}` },
    });
    expect(((await res.json()) as { code: number }).code).toBe(20000);

    await openShell(page, '/dashboard');
    await fromMenu(page, 'Dynamic passwords', 'pwdList');
    await expectShown(page, /\/qrManage\/pwd-list$/);
    await shown(page, 'qr-records-mode').click();
    await page.locator('.ant-select-dropdown:visible').getByText('Unlock permanently', { exact: true }).click();
    await expectShown(page, /\/qrManage\/pwd-list\?mode=permanent$/);
    const rows = shown(page, 'qr-records-table').locator('tbody tr.ant-table-row');
    const mine = rows.filter({ hasText: challenge });
    await expect(mine).toHaveCount(1);
    await expect(mine.locator('td')).toHaveText([
      /\d{2}:\d{2}:\d{2}$/,
      'demo_root',
      String(device.boxId),
      `${device.boxId}-${device.controller}`,
      challenge,
      'Unlock permanently',
      'No limit',
    ]);
    // Only that mode is listed, and the totals count it for root, the chart beside the text.
    await expect(rows.filter({ hasNotText: 'Unlock permanently' })).toHaveCount(0);
    await expect(shown(page, 'qr-records-chart')).toBeVisible();
    await expect(shown(page, 'qr-records-total-demo_root')).toContainText(/Unlock permanently: \d+/);
    await expect(shown(page, 'qr-records-total-demo_root')).not.toContainText('Unlock for');

    const [download] = await Promise.all([page.waitForEvent('download'), shown(page, 'qr-records-export').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    await expect(page.getByTestId('qr-records-export-dialog')).toHaveCount(0);
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'qr-pwd-list');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(mine).toHaveCount(1);
    await screenshot(page, 'qr-pwd-list-390');

    const distributor = await rolePage(browser, 'demo_district_dist');
    await openShell(distributor, '/qrManage/pwd-list');
    await expect(shown(distributor, 'qr-records-table').locator('.ant-empty-description')).toHaveText('No passwords calculated match.');
    await expect(shown(distributor, 'qr-records-totals')).toHaveCount(0);
    await expect(shown(distributor, 'qr-records-export')).toBeDisabled();
    await screenshot(distributor, 'qr-pwd-list-distributor');
    await distributor.context().close();
  });
});
