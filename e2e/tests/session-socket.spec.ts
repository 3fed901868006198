import type { WebSocket } from '@playwright/test';
import { baseUrl, expect, listLoaded, openShell, signIn, test } from './fixtures.js';

/**
 * Issue 10 point 8: a session that ends closes its live-push socket, and the console then shows the logged-out confirm
 * of spec 8 — from the socket alone, with no HTTP answer to tell it.
 */
test('a session signed out elsewhere while the device list is live shows the logged-out confirm', async ({ page }) => {
  const token = await signIn(page, 'demo_end_user');
  const sockets: WebSocket[] = [];
  const subscribed = new Promise<WebSocket>((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().endsWith('/api/v2/ws')) return;
      sockets.push(ws);
      ws.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string' && frame.payload.includes('"type":"subscribed"')) resolve(ws);
      });
    });
  });
  await openShell(page, '/devices/devices-show');
  await listLoaded(page);
  const ws = await subscribed;
  const ended = ws.waitForEvent('framereceived', {
    predicate: (frame) => typeof frame.payload === 'string' && frame.payload.includes('"code":50012'),
    timeout: 10_000,
  });

  // From here the page gets no HTTP answer at all: only the socket can tell it the session ended.
  await page.route('**/api/v2/**', (route) => route.abort());
  const res = await page.request.get(`${baseUrl()}/api/v2/user/logout`, { headers: { authorization: `Bearer ${token}` } });
  expect(((await res.json()) as { code: number }).code).toBe(20000);

  await ended;
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('You have been logged out');
  await expect.poll(() => ws.isClosed()).toBe(true);
  // The console does not open the socket again with the ended token (a reconnect would come after 1 s).
  await page.waitForTimeout(2500);
  expect(sockets).toHaveLength(1);

  await page.unroute('**/api/v2/**');
  await dialog.getByRole('button', { name: /log in again/i }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('signing out from the console itself while the device list is live goes to sign-in, without the logged-out confirm', async ({
  page,
}) => {
  await signIn(page, 'demo_end_user');
  const opened = page.waitForEvent('websocket', (ws) => ws.url().endsWith('/api/v2/ws'));
  await openShell(page, '/devices/devices-show');
  await listLoaded(page);
  const ws = await opened;
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login\?redirect=dashboard$/);
  await expect.poll(() => ws.isClosed()).toBe(true);
  // The server's close of the socket is no news to a console that signed out itself.
  await page.waitForTimeout(1500);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
