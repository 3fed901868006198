import { connectBox, registerBoxes, sayHello } from './boxes.js';
import { apiLogin, asRole, baseUrl, expect, expectShown, openShell as open, screenshot, shown as byId, test, tokenOf } from './fixtures.js';

/**
 * /usermanager/add-device (docs/people.md "Claiming a box"): a box registered as stock with CK code 1333; demo_manager
 * first types a wrong code (the server's message), then the right one, and the box's device is theirs: the result links
 * to it and the device list shows it as their own. The page in each language and width: language-sweep.spec.ts.
 */

test.describe.configure({ mode: 'serial' });

const boxId = 2_090_000_000 + Math.floor(Math.random() * 4_000_000);
/** A second stock box, claimed for a sub-manager. */
const forSubBox = boxId + 5_000_000;
const sub = `c${String(boxId).slice(-8)}`;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  try {
    for (const id of [boxId, forSubBox]) {
      const [box] = await registerBoxes(request, 'demo_root', id, id, { boxType: 'E2E-GW', companyName: 'Stock', ck: '1333' });
      const client = await connectBox(id, box?.password ?? '');
      await sayHello(client, id, [{ index: 1, type: 'screw-compressor' }]);
      await client.endAsync();
    }
    // A sub-manager of demo_manager of this spec's own, to claim the second box for.
    const token = tokenOf('demo_manager');
    const made = await request.post(`${baseUrl()}/api/v2/user_register/add_next_manager`, {
      headers: { authorization: `Bearer ${token}` },
      data: { username: sub, password: 'claim1234', name: 'Sun Li' },
    });
    expect(made.status()).toBe(200);
  } finally {
    await request.dispose();
  }
});

test('a manager claims a box by its CK code: a wrong code is refused with its message, the right one makes it theirs', async ({ page }) => {
  await asRole(page, 'demo_manager');
  await open(page, '/usermanager/add-device');
  await byId(page, 'add-device-box-id').fill(String(boxId));
  await byId(page, 'add-device-ck').fill('12a');
  await byId(page, 'add-device-submit').click();
  await expect(page.getByText('CK code must be four digits!')).toBeVisible();
  await byId(page, 'add-device-ck').fill('2444');
  await byId(page, 'add-device-submit').click();
  await expect(byId(page, 'add-device-error')).toContainText('The CK code does not match this box.');
  await byId(page, 'add-device-ck').fill('1333');
  await byId(page, 'add-device-submit').click();
  await expect(byId(page, 'add-device-done')).toContainText(`Box ${boxId} is yours: 1 device.`);
  await screenshot(page, 'add-device-done');
  await byId(page, 'add-device-link-1').click();
  await expectShown(page, new RegExp(`/devices/controller/${boxId}/1$`));
  await expect(byId(page, 'device-detail')).toHaveAttribute('data-device', `${boxId}-1`);
});

test('a manager claims a box for one of their sub-managers in one step', async ({ page, browser }) => {
  await asRole(page, 'demo_manager');
  await open(page, '/usermanager/add-device');
  await byId(page, 'add-device-box-id').fill(String(forSubBox));
  await byId(page, 'add-device-ck').fill('1333');
  await byId(page, 'add-device-for').click();
  await page.locator('.ant-select-dropdown:visible').getByText(`${sub} (Sun Li)`, { exact: true }).click();
  await byId(page, 'add-device-submit').click();
  await expect(byId(page, 'add-device-done')).toContainText(`Box ${forSubBox} now belongs to ${sub}: 1 device.`);
  await screenshot(page, 'add-device-for-sub');
  // Signed in as the sub-manager: the device is theirs, assigned by demo_manager.
  const context = await browser.newContext();
  const subPage = await context.newPage();
  await context.addCookies([{ name: 'Admin-Token', value: await apiLogin(subPage.request, sub, 'claim1234'), url: baseUrl() }]);
  await open(subPage, `/devices/controller/${forSubBox}/1`);
  await expect(byId(subPage, 'device-head-reach')).toHaveAttribute('data-how', 'owner');
  await expect(byId(subPage, 'device-hide-from-superior')).toBeVisible();
  await context.close();
});

test('a user who reaches no device is told why, not that boxes have not reported', async ({ page }) => {
  // demo_market owns nothing and is given nothing; its role may not claim a box.
  await asRole(page, 'demo_market');
  await open(page, '/devices/devices-show');
  await expect(byId(page, 'devices-none')).toContainText('No devices are assigned or shared with you.');
  await expect(byId(page, 'devices-none')).toContainText('Ask the manager who created your account');
  await expect(byId(page, 'devices-none').getByRole('link', { name: 'Add device' })).toHaveCount(0);
  await asRole(page, 'demo_market', 'zh');
  await open(page, '/devices/devices-show');
  await expect(byId(page, 'devices-none')).toContainText('尚无分配或分享给您的设备。');
  await screenshot(page, 'devices-none-zh');
});
