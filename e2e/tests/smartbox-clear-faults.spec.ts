import { apiGet, ownBox } from './boxes.js';
import { confirmWarning, expect, expectShown, fromMenu, openShell, reg, screenshot, shown, test, tokenOf } from './fixtures.js';

/**
 * /smartbox/box-clear-fault-record (root or limited_admin; issue 23): limited_admin opens it from the sidebar, names a
 * box with a fault that came and went and one still on, is told the counts in the warning box, confirms, and the ended
 * record is gone while the open one stays. A box nobody registered is refused by the server in its words. The call's
 * other refusals are the server's tests (box-fault-records.test.ts); other roles see no entry (menus.spec.ts).
 */
test.use({ role: 'demo_limited_admin' });

const boxId = 2_030_000_000 + Math.floor(Math.random() * 4_000_000) * 10;
const FAULT_BITS = reg('screw-compressor', 'fault_bits');
const HOUR = 3_600_000;
ownBox(boxId, `E2E Clear Faults ${boxId}`, 'screw-compressor', async (b) => {
  const now = Date.now();
  // Overload from 3 h to 2 h ago (ended), and again from 1 h ago (still on).
  await b.publish(now - 4 * HOUR, { [FAULT_BITS]: 0 });
  await b.publish(now - 3 * HOUR, { [FAULT_BITS]: 1 });
  await b.publish(now - 2 * HOUR, { [FAULT_BITS]: 0 });
  await b.publish(now - HOUR, { [FAULT_BITS]: 1 });
});

test('limited_admin clears a box’s ended fault records after the counts are confirmed; the open one stays', async ({ page }) => {
  const records = async () =>
    ((await apiGet(page.request, tokenOf('demo_root'), `/devices/${boxId}/1/fault-records`)).data as Array<{ endedAt: number | null }>).map(
      (r) => (r.endedAt === null ? 'open' : 'ended'),
    );
  await expect.poll(records).toEqual(['open', 'ended']);

  await openShell(page, '/dashboard');
  await fromMenu(page, 'Smart box', 'clearFaults');
  await expectShown(page, /\/smartbox\/box-clear-fault-record$/);
  // A box nobody registered is named in the server's words, under the form.
  await shown(page, 'clear-faults-box').fill(String(boxId + 5));
  await shown(page, 'clear-faults-submit').click();
  await expect(shown(page, 'clear-faults-error')).toHaveText(`No box has the number ${boxId + 5}.`);
  await shown(page, 'clear-faults-box').fill(String(boxId));
  await shown(page, 'clear-faults-submit').click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText(`Box ${boxId}: 1 ended fault record(s) will be deleted; 1 still open will be kept. Continue?`);
  await screenshot(page, 'smartbox-clear-faults-confirm');
  await confirmWarning(page);
  await expect(page.locator('.ant-message')).toContainText(`Box ${boxId}: 1 fault record deleted; 1 still open kept.`);
  await expect.poll(records).toEqual(['open']);
});
