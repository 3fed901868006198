import { baseUrl, expect, openShell, screenshot, shown, test } from './fixtures.js';

/**
 * Issue 27, "API keys for integrators": a manager creates a key on their profile, a plant system calls the API with it
 * (here the test's own requests), the call its scopes do not cover is refused, and once revoked the next call is refused.
 */
test.use({ role: 'demo_manager' });

test('a key is created on the profile, calls the API as its user within its scopes, and is refused once revoked', async ({ page }) => {
  await openShell(page, '/profile/index');
  const card = shown(page, 'api-keys-table');
  await card.scrollIntoViewIfNeeded();
  await page.getByTestId('api-key-create').click();
  await page.getByTestId('api-key-create-ok').click();
  await expect(page.getByText('Give the key a name of 1 to 64 characters.')).toBeVisible();
  const name = `MES ${Date.now().toString(36)}`;
  await page.getByTestId('api-key-name').fill(name);
  await page.getByTestId('api-key-create-ok').click();
  const shownKey = page.getByTestId('api-key-new');
  await expect(shownKey).toContainText(/dms_[0-9a-f]{10}_/);
  const key = (await shownKey.locator('code').innerText()).trim();
  await screenshot(page, 'api-key-created');
  await page.getByTestId('api-key-close').click();
  const prefix = key.split('_')[1] ?? '';
  const row = card.locator('tr', { hasText: name });
  await expect(row).toContainText('devices:read');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Never');

  const get = (path: string) => page.request.get(`${baseUrl()}/api/v2${path}`, { headers: { authorization: `Bearer ${key}` } });
  const first = (await (await get('/devices')).json()) as { code: number; data: { total: number } };
  expect(first.code).toBe(20000);
  expect(first.data.total).toBeGreaterThan(0);
  const notCovered = await get('/user/api-keys');
  expect(notCovered.status()).toBe(403);
  expect(((await notCovered.json()) as { message: string }).message).toBe("This API key's scopes do not cover this call.");
  await shown(page, 'api-keys-reload').click();
  await expect(row).not.toContainText('Never');
  await expect(row).toContainText('127.0.0.1');

  await row.getByTestId(`api-key-revoke-${prefix}`).click();
  await page.getByTestId('api-key-revoke-ok').click();
  await expect(page.getByText('The key was revoked.')).toBeVisible();
  await expect(row).toContainText('Revoked');
  await screenshot(page, 'api-keys-list');
  const after = await get('/devices');
  expect(after.status()).toBe(401);
  expect((await after.json()) as { code: number; message: string }).toMatchObject({ code: 50012, message: 'This API key was revoked.' });
});
