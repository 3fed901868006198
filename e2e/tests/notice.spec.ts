import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { dialogClosed, dialogSettled, chooseOption, expect, goInApp, openShell, screenshot, shown as byId, test } from './fixtures.js';

/**
 * Notification management and its log (/notice; issue 22): root edits a message template with its live preview (a
 * placeholder filled in, an unknown one warned of), saves it and restores the product's text; adds a webhook to an
 * endpoint of this spec's own, sees its secret once, tests it (the endpoint answers 200) and deletes it; and filters
 * the delivery log by channel.
 */
test.use({ role: 'demo_root' });

test('root edits a template with its live preview, saves it and restores the default', async ({ page }) => {
  await openShell(page, '/notice/notification-management');
  await byId(page, 'notice-tab-templates').click();
  await chooseOption(page, 'template-kind', /^Fault occurred$/);
  await chooseOption(page, 'template-language', 'English');
  const subject = byId(page, 'template-subject');
  await expect(byId(page, 'template-standard')).toBeVisible();
  const standard = await subject.inputValue();

  // A placeholder the product knows is filled in with the sample device.
  await subject.fill('Fault on box {box}');
  await expect(byId(page, 'template-preview-subject')).toHaveText('Fault on box 100001');
  // One it does not know is warned of, not previewed.
  await subject.fill('Fault on box {box} {nope}');
  await expect(byId(page, 'template-unknown')).toContainText('{nope}');
  await expect(byId(page, 'template-preview-subject')).toHaveCount(0);
  await subject.fill('Fault on box {box} ({company})');
  await expect(byId(page, 'template-unknown')).toHaveCount(0);
  await expect(byId(page, 'template-preview-subject')).toContainText('Fault on box 100001 (');
  // A placeholder's tag adds it at the end of the text.
  await byId(page, 'template-placeholder-device').click();
  await expect(byId(page, 'template-body')).toHaveValue(/\{device\}$/);
  await screenshot(page, 'notice-template-preview');

  await byId(page, 'template-save').click();
  await expect(byId(page, 'template-changed')).toBeVisible();
  await expect(subject).toHaveValue('Fault on box {box} ({company})');

  await byId(page, 'template-reset').click();
  await page.locator('[data-testid=template-reset-ok]:visible').click();
  await expect(byId(page, 'template-changed')).toHaveCount(0);
  await expect(byId(page, 'template-standard')).toBeVisible();
  await expect(subject).toHaveValue(standard);
});

test('root adds a webhook, sees its secret once, tests it against a live endpoint and deletes it', async ({ page }) => {
  const signatures: string[] = [];
  const endpoint = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      signatures.push(String(req.headers['x-dms-signature'] ?? ''));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => {
    endpoint.listen(0, '127.0.0.1', resolve);
  });
  const { port } = endpoint.address() as AddressInfo;
  const name = `E2E hook ${port}`;
  try {
    await openShell(page, '/notice/notification-management');
    await expect(byId(page, 'webhooks-table')).toBeVisible();

    await byId(page, 'webhook-add').click();
    await dialogSettled(page);
    await page.getByTestId('webhook-form-name').fill(name);
    await page.getByTestId('webhook-form-url').fill(`http://127.0.0.1:${port}/hook`);
    // Off: the demo fleet's notifications are not posted to it; a test is.
    await page.getByTestId('webhook-form-enabled').click();
    await page.getByTestId('webhook-save').click();

    // The secret, this once.
    const secret = page.getByTestId('webhook-secret');
    await expect(secret).toHaveText(/^whsec_\S{8,}$/);
    const text = await secret.innerText();
    await screenshot(page, 'notice-webhook-secret');
    await page.getByTestId('webhook-secret-close').click();
    await dialogClosed(page);
    await expect(page.getByText(text)).toHaveCount(0);

    const row = byId(page, 'webhooks-table').locator('tbody tr.ant-table-row', { hasText: name });
    await expect(row).toBeVisible();
    const id = (await row.getAttribute('data-row-key')) ?? '';
    await expect(byId(page, `webhook-secret-hint-${id}`)).toContainText(text.slice(-4));
    await expect(byId(page, `webhook-enabled-${id}`)).toHaveAttribute('data-enabled', 'false');

    // A test post reaches the endpoint, signed, and its answer is shown.
    await byId(page, `webhook-test-${id}`).click();
    const result = byId(page, 'webhook-test-result');
    await expect(result).toHaveAttribute('data-ok', 'true');
    await expect(result).toContainText('HTTP 200');
    expect(signatures).toHaveLength(1);
    expect(signatures[0]).toMatch(/^sha256=[0-9a-f]{64}$/);

    await byId(page, `webhook-delete-${id}`).click();
    await page.locator('[data-testid=webhook-delete-ok]:visible').click();
    await expect(row).toHaveCount(0);
  } finally {
    endpoint.close();
  }
});

test('the delivery log opens, filters by channel and offers its export', async ({ page }) => {
  await openShell(page, '/dashboard');
  await goInApp(page, '/notice/notification-log');
  await expect(byId(page, 'deliveries-table')).toBeVisible();
  await expect(byId(page, 'deliveries-export')).toBeVisible();
  await chooseOption(page, 'deliveries-channel', /^Webhook$/);
  await expect(page).toHaveURL(/[?&]channel=webhook(&|$)/);
  await expect(byId(page, 'deliveries-table').locator('.ant-spin-spinning')).toHaveCount(0);
  for (const cell of await byId(page, 'deliveries-table').locator('[data-testid^="delivery-channel-"]').all()) {
    await expect(cell).toHaveText('Webhook');
  }
  await chooseOption(page, 'deliveries-channel', 'All channels');
  await expect(page).not.toHaveURL(/channel=/);
});
