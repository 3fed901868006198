import { apiGet, ownCompressor } from './boxes.js';
import { expect, expectShown, listLoaded, openShell as open, screenshot, shown as byId, test, tokenOf } from './fixtures.js';

/**
 * The cloud box's page: a box of the spec's own (registered to demo_manager, one screw compressor) opened from the
 * device list shows what it reported, its controllers, its connections, its change of address and its card. In each
 * language and width: language-sweep.spec.ts.
 */

test.use({ role: 'demo_manager' });

test.describe.configure({ mode: 'serial' });

const box = ownCompressor(4);
const { boxId, company } = box;

test('the box page shows what the box reported, its controllers, connection history and address changes', async ({ page }) => {
  // The box drops and comes back from another address (127.0.0.2; Linux routes all of 127/8 to lo).
  await box.reconnect('127.0.0.2');

  const token = tokenOf('demo_manager');
  // The server writes its logs a moment later: wait for them before looking.
  await expect
    .poll(async () => {
      const data = (await apiGet(page.request, token, `/boxes/${boxId}`)).data as { ipLog: unknown[]; connections: unknown[] };
      return [data.ipLog.length, data.connections.length];
    })
    .toEqual([1, 3]);
  await open(page, `/devices/devices-show?q=${encodeURIComponent(company)}`);
  await listLoaded(page);
  await byId(page, `box-link-${boxId}-1`).click();
  await expectShown(page, new RegExp(`/devices/box/${boxId}$`));
  await expect(byId(page, 'box-firmware')).toHaveText('e2e-2.0');
  await expect(byId(page, 'box-iccid')).toHaveText('89860000000000000042');
  await expect(byId(page, 'box-online')).toHaveAttribute('data-online', 'true');
  await expect(byId(page, 'box-signal')).toHaveAttribute('data-percent', '68');
  await expect(byId(page, 'box-ip')).toHaveText('127.0.0.2');
  await expect(byId(page, 'box-connections').locator('[data-event="connect"]')).toHaveCount(2);
  await expect(byId(page, 'box-connections').locator('[data-event="disconnect"]')).toHaveCount(1);
  const ipRow = byId(page, 'box-ip-log').locator('tbody tr.ant-table-row');
  await expect(ipRow).toHaveCount(1);
  await expect(ipRow).toContainText('127.0.0.1');
  await expect(ipRow).toContainText('127.0.0.2');
  // Its IoT card: the first card it reported, kept in the box's card history (issue 22).
  const cardRow = byId(page, 'box-card-history').locator('tbody tr.ant-table-row');
  await expect(cardRow).toHaveCount(1);
  await expect(cardRow).toContainText('89860000000000000042');
  await byId(page, 'box-controller-1').click();
  await expectShown(page, new RegExp(`/devices/controller/${boxId}/1$`));
  await page.goBack();
  await screenshot(page, 'device-box');
});
