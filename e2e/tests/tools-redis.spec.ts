import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { spawnServer, type SpawnedServer } from '../../bench/src/server-process.js';
import type { APIRequestContext } from '@playwright/test';
import { baseUrl, confirmWarning, expect, expectShown, fromMenu, openShell, screenshot, shown, test } from './fixtures.js';

/**
 * /tools/redis (root; issue 26): the cache tool. On the shared server (no REDIS_URL) root opens it from the sidebar,
 * is told the state is this server's memory and read-only, finds the sign-in failures of a name by searching, and
 * reads a key and a box's latest values; nothing offers a delete. On a second server with the machine's Redis (its own
 * prefix) root deletes one key and then a group's keys, each after the server's warning has named the key or the
 * count, and Redis no longer has them while a key outside the product's prefix stays. The calls' rules and messages
 * are the server's tests (tools-redis.test.ts); other roles see no entry (menus.spec.ts) and are refused by the server
 * (endpoint-access.test.ts).
 */
test.use({ role: 'demo_root' });

const run = `${process.pid}${Date.now().toString(36)}`;

/** A wrong password for `username` at `url`: the sign-in protection counts it under the name. */
async function failSignIn(request: APIRequestContext, url: string, username: string): Promise<void> {
  const res = await request.post(`${url}/api/v2/user/login`, { data: { username, password: 'not-the-password' } });
  expect(((await res.json()) as { code: number }).code).toBe(40002);
}

test('without Redis, root reads the sign-in failures and a box’s values from memory, read-only', async ({ page }) => {
  const name = `nobody_${run}`;
  await failSignIn(page.request, baseUrl(), name);
  await failSignIn(page.request, baseUrl(), name);
  await openShell(page, '/dashboard');
  await fromMenu(page, 'Tools', 'redis');
  await expectShown(page, /\/tools\/redis$/);
  await expect(shown(page, 'redis-memory-mode')).toContainText('this server keeps this state in its own memory');
  await shown(page, 'redis-search').fill(name);
  await shown(page, 'redis-search').press('Enter');
  const keys = shown(page, 'redis-keys').locator('tbody tr.ant-table-row');
  // By the name on its address, and by the name.
  await expect(keys).toHaveCount(2);
  await expect(keys.nth(1)).toContainText(`login:username:${name}`);
  await expect(page.getByTestId('redis-delete-listed')).toHaveCount(0);
  await keys.nth(1).getByTestId(`redis-key-login:username:${name}`).click();
  const detail = page.getByTestId('redis-key-detail');
  await expect(detail.getByTestId('redis-key-rows').locator('tbody tr.ant-table-row')).toHaveCount(2);
  await expect(detail.getByTestId('redis-key-delete')).toHaveCount(0);
  await screenshot(page, 'tools-redis-memory-key');
  await page.keyboard.press('Escape');

  // The demo fleet's boxes, as this server holds them.
  await shown(page, 'redis-group-values').click();
  await expect(page).toHaveURL(/group=values/);
  const first = shown(page, 'redis-keys').locator('tbody tr.ant-table-row').first();
  await expect(first).toContainText(/values:\d+/);
  await first.locator('button').first().click();
  await expect(page.getByTestId('redis-key-rows').locator('tbody tr.ant-table-row').first()).toContainText(/^1\/\d+/);
  await screenshot(page, 'tools-redis-memory-values');
});

test.describe('with Redis', () => {
  let server: SpawnedServer;
  let redis: Redis;
  let dataDir: string;
  const prefix = `e2e${run}:`;
  test.beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-e2e-redis-'));
    server = await spawnServer({ DATA_DIR: dataDir, REDIS_URL: 'redis://127.0.0.1:6379', REDIS_PREFIX: prefix });
    redis = new Redis('redis://127.0.0.1:6379', { lazyConnect: true });
    await redis.connect();
  });
  test.afterAll(async () => {
    server.child.kill('SIGTERM');
    const left = await redis.keys(`${prefix}*`);
    if (left.length > 0) await redis.del(...left);
    await redis.del(`other${run}:login:username:x`);
    redis.disconnect();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('root deletes a key, then a group’s keys, each after the server named what goes', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    for (const name of ['alpha', 'beta', 'gamma']) await failSignIn(page.request, server.url, `${name}_${run}`);
    await redis.zadd(`other${run}:login:username:x`, Date.now(), 'outside');
    const login = await page.request.post(`${server.url}/api/v2/user/login`, { data: { username: 'demo_root', password: 'demo123456' } });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    await context.addCookies([{ name: 'Admin-Token', value: token, domain: '127.0.0.1', path: '/' }]);
    await openShell(page, '/tools/redis');
    await expect(shown(page, 'redis-server')).toContainText(prefix);
    await expect(shown(page, 'redis-channels')).toContainText('bus');
    const rows = shown(page, 'redis-keys').locator('tbody tr.ant-table-row');
    // Each failure is counted three ways: by the name on the address, by the address and by the name.
    await expect(rows).toHaveCount(7);
    await screenshot(page, 'tools-redis-keys');

    // One key: the warning names it; once confirmed, Redis no longer has it.
    const key = `login:username:alpha_${run}`;
    await shown(page, `redis-delete-${key}`).click();
    await expect(page.locator('.ant-modal-confirm')).toContainText(`The key ${key} will be deleted. It cannot be undone. Continue?`);
    await confirmWarning(page);
    await expect(page.locator('.ant-message')).toContainText('1 key deleted.');
    await expect(rows).toHaveCount(6);
    expect(await redis.exists(`${prefix}${key}`)).toBe(0);

    // The keys found by a search: the warning says how many.
    await shown(page, 'redis-search').fill(`_${run}`);
    await shown(page, 'redis-search').press('Enter');
    await expect(rows).toHaveCount(5);
    await shown(page, 'redis-delete-listed').click();
    await expect(page.locator('.ant-modal-confirm')).toContainText(
      `5 key(s) under ${prefix}login: with "_${run}" in the name will be deleted. It cannot be undone. Continue?`,
    );
    await confirmWarning(page);
    await expect(page.locator('.ant-message')).toContainText('5 keys deleted.');
    await expect(shown(page, 'redis-keys')).toContainText('No keys here now.');
    expect(await redis.keys(`${prefix}login:*_${run}*`)).toEqual([]);
    expect(await redis.exists(`other${run}:login:username:x`)).toBe(1);
    await screenshot(page, 'tools-redis-deleted');

    // The instances' own key is shown, and never offered for deletion.
    await shown(page, 'redis-group-members').click();
    await expect(rows).toHaveCount(1);
    await expect(page.getByTestId('redis-delete-listed')).toHaveCount(0);

    // The operation log has both deletes, with what went.
    const log = await page.request.get(`${server.url}/api/v2/datalog/operation-log?action=tools.redisDelete`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const entries = ((await log.json()) as { data: { items: Array<{ target: string; new_value: string | null }> } }).data.items;
    expect(entries.map((e) => [e.target, e.new_value])).toEqual([
      [`${prefix}login:*_${run}*`, '5 deleted'],
      [key, '1 deleted'],
    ]);
    await context.close();
  });
});
