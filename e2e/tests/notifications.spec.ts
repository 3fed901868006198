import type { Page } from '@playwright/test';
import type { NotificationPage, NotificationRow } from '@dms/contract';
import { apiGet, ownCompressor, userIdOf } from './boxes.js';
import { baseUrl, expect, goInApp, openShell, reg, rolePage, screenshot, shown as byId, test, tokenOf } from './fixtures.js';

/**
 * Notifications (issue 22): the spec's box faults; the bell of its manager and of the helper it is shared with shows it
 * live, a stranger's does not (proved on the server); the manager finds it in /msg/notification-list, marks it read
 * and acknowledges it: its reminders stop; the box recovers.
 */
const FAULT_BITS = reg('screw-compressor', 'fault_bits');
const box = ownCompressor(8);
const { boxId } = box;

async function mineOf(page: Page, role: 'demo_manager' | 'demo_helper' | 'demo_qualityCtrl'): Promise<NotificationRow[]> {
  const res = await apiGet(page.request, tokenOf(role), `/msg/notifications?page_size=50&q=${boxId}`);
  expect(res.code).toBe(20000);
  return (res.data as NotificationPage).items;
}

test('a fault reaches the bells of its manager and helper, not a stranger; read and acknowledged, its reminders stop', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext();
  const manager = await rolePage(browser, 'demo_manager');
  const helper = await rolePage(browser, 'demo_helper');
  try {
    // The manager shares the box's device with their helper.
    const device = (await apiGet(request, tokenOf('demo_manager'), `/devices/${boxId}/1`)).data as { id: number };
    const helperId = await userIdOf(request, tokenOf('demo_root'), 'demo_helper');
    const shared = await request.post(`${baseUrl()}/api/v2/user_register/share_device`, {
      headers: { authorization: `Bearer ${tokenOf('demo_manager')}` },
      data: { userId: helperId, deviceId: device.id },
    });
    expect(((await shared.json()) as { code: number }).code).toBe(20000);

    await openShell(manager, '/dashboard');
    await openShell(helper, '/dashboard');
    await expect(manager.getByTestId('bell')).toBeVisible();
    await expect(helper.getByTestId('bell')).toBeVisible();

    const before = await Promise.all(
      [manager, helper].map(async (page) => Number(await page.getByTestId('bell').getAttribute('data-count'))),
    );
    await box.publishData({ [FAULT_BITS]: 1 });
    // Live: the console's pop-up of new notifications shows on both consoles, and the bells count more. (The pop-up is
    // one for all new notifications and names the newest: other tests' boxes of demo_manager may be newer than this
    // one, so it is not asked to name this box.)
    for (const [i, page] of [manager, helper].entries()) {
      await expect(page.getByTestId('notification-toast').first()).toBeVisible({ timeout: 15_000 });
      await expect.poll(async () => Number(await page.getByTestId('bell').getAttribute('data-count'))).toBeGreaterThan(before[i] ?? 0);
    }
    await screenshot(manager, 'notifications-toast');
    // A stranger (quality controller, reaching no such device) is told nothing of it, on the server.
    expect(await mineOf(manager, 'demo_qualityCtrl')).toEqual([]);
    expect((await mineOf(manager, 'demo_helper'))[0]).toMatchObject({ kind: 'fault', boxId });

    // The bell opens the list; the manager finds the box's notification, unread.
    await manager.getByTestId('bell').click();
    await expect(manager.getByTestId('bell-panel')).toBeVisible();
    await screenshot(manager, 'notifications-bell');
    await manager.getByTestId('bell-view-all').click();
    await expect(manager).toHaveURL(/\/msg\/notification-list/);
    await byId(manager, 'notifications-search').fill(String(boxId));
    await byId(manager, 'notifications-search').press('Enter');
    const [fault] = await mineOf(manager, 'demo_manager');
    if (!fault) throw new Error('no notification of the box');
    await expect(byId(manager, `notification-kind-${fault.id}`)).toHaveAttribute('data-kind', 'fault');
    await expect(byId(manager, `notification-unread-${fault.id}`)).toBeVisible();
    await expect(byId(manager, `notification-device-${fault.id}`)).toHaveAttribute('href', `/devices/controller/${boxId}/1`);
    await screenshot(manager, 'notifications-list');

    // The list shows the search's answer before a row of it is clicked (the rows of the whole list, shown until then,
    // move when it comes).
    await expect(manager).toHaveURL(new RegExp(`[?&]q=${boxId}`));
    await expect(byId(manager, 'notifications-table').locator('.ant-spin-spinning')).toHaveCount(0);
    await byId(manager, `notification-read-${fault.id}`).click();
    // Read on the server first (a click lost is told apart from a list that does not show it), then on screen.
    await expect.poll(async () => (await mineOf(manager, 'demo_manager')).find((n) => n.id === fault.id)?.readAt ?? null).not.toBeNull();
    await expect(byId(manager, `notification-unread-${fault.id}`)).toHaveCount(0);
    await byId(manager, `notification-ack-${fault.id}`).click();
    await expect(byId(manager, `notification-acked-${fault.id}`)).toBeVisible();
    const [acked] = await mineOf(manager, 'demo_manager');
    expect(acked).toMatchObject({ id: fault.id, repeating: false });
    expect(acked?.readAt).not.toBeNull();
    expect(acked?.ackedAt).not.toBeNull();
    // The helper's copy is theirs: still unread, not acknowledged.
    expect((await mineOf(manager, 'demo_helper'))[0]).toMatchObject({ id: fault.id, readAt: null, ackedAt: null });

    // The box recovers: a recovery follows in the list, at the top.
    await box.publishData({ [FAULT_BITS]: 0 });
    await expect.poll(async () => (await mineOf(manager, 'demo_manager'))[0]?.kind, { timeout: 15_000 }).toBe('recover');
    await byId(manager, 'notifications-reload').click();
    await goInApp(manager, '/msg/notification-list');
    await expect(byId(manager, 'notifications-table').locator('[data-kind=recover]').first()).toBeVisible();
  } finally {
    await manager.context().close();
    await helper.context().close();
    await request.dispose();
  }
});

test('the profile keeps the user’s notification preferences, refusing e-mail without an address', async ({ browser }) => {
  const page = await rolePage(browser, 'demo_end_user');
  try {
    await openShell(page, '/profile/index');
    const prefs = page.getByTestId('notify-prefs');
    await expect(prefs.getByTestId('notify-prefs-own')).toHaveAttribute('data-own', 'false');
    await prefs.getByTestId('notify-prefs-email').click();
    await prefs.getByTestId('notify-prefs-save').click();
    await expect(prefs.getByTestId('notify-prefs-error')).toHaveText('Enter the e-mail address to send to, or turn e-mail off.');
    await prefs.getByTestId('notify-prefs-address').fill('end.user@example.com');
    await prefs.getByTestId('notify-prefs-save').click();
    await expect(prefs.getByTestId('notify-prefs-own')).toHaveAttribute('data-own', 'true');
    await screenshot(page, 'notifications-prefs');
    await prefs.getByTestId('notify-prefs-defaults').click();
    await expect(prefs.getByTestId('notify-prefs-own')).toHaveAttribute('data-own', 'false');
  } finally {
    await page.context().close();
  }
});
