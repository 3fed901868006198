import type { TypeEditView } from '@dms/contract';
import { apiGet } from './boxes.js';
import { baseUrl, dialogSettled, expect, goInApp, openShell, reg, screenshot, shown as byId, test, tokenOf } from './fixtures.js';

/**
 * Type events (/device-type/type-events; issue 20): root picks a type and edits which bits of its bit-field registers
 * mean a fault, an alert or information, with the texts in four languages. A missing text is named by row, bit and
 * language and keeps Save off; a bit added and taken away again changes nothing; the save is the map's next version,
 * and the read-only event templates of the devices show the change.
 */
test.use({ role: 'demo_root' });

const FAULTS = reg('screw-compressor', 'fault_bits'); // all 16 bits named: nothing to add
const ALERTS = reg('screw-compressor', 'alert_bits'); // 12 of 16 named

test("root makes a fault bit an alert with a new text, a missing text named first; the devices' event templates follow", async ({
  page,
  playwright,
}, info) => {
  const code = `e2e-events-${Date.now() % 1_000_000}-${info.retry}`;
  const request = await playwright.request.newContext();
  const headers = { authorization: `Bearer ${tokenOf('demo_root')}` };
  const types = (await apiGet(request, tokenOf('demo_root'), '/controller-types')).data as Array<{ id: number; code: string }>;
  const screw = types.find((x) => x.code === 'screw-compressor')?.id ?? 0;
  const copied = await request.post(`${baseUrl()}/api/v2/controller-types/${screw}/copy`, {
    headers,
    data: { code, name: { en: 'E2E events', zh: 'E2E 事件', es: 'E2E eventos', ja: 'E2E イベント' } },
  });
  expect(copied.ok()).toBe(true);
  const { id } = ((await copied.json()) as { data: { id: number } }).data;
  const before = (await apiGet(request, tokenOf('demo_root'), `/controller-types/${id}/edit`)).data as TypeEditView;
  const row = before.registers.findIndex((r) => r.number === FAULTS) + 1;
  const firstBit = before.registers[row - 1]?.bits?.[0];
  expect(firstBit?.severity).toBe('fault');

  await openShell(page, `/device-type/type-events?type=${id}`);
  await expect(byId(page, 'type-events-version')).toHaveText('v1');
  const section = byId(page, `type-events-reg-${FAULTS}`);
  await expect(section).toContainText(`Register ${FAULTS}`);
  const cell = (what: string) => byId(page, `type-events-${FAULTS}-1-${what}`);

  // Bit 0 becomes an alert with a new English text.
  await cell('severity').click();
  await page.locator('.ant-select-dropdown:visible').getByText('Alert', { exact: true }).click();
  await cell('text-en').fill('Main motor overload (E2E)');
  // A text left empty is named by row, bit and language, and Save waits.
  await cell('text-ja').fill('');
  await expect(byId(page, 'type-events-problems')).toContainText(`Row ${row}: the text of bit ${firstBit?.bit ?? 0} in 日本語 is missing.`);
  await expect(byId(page, 'type-events-save')).toBeDisabled();
  await screenshot(page, 'type-events-problem');
  await cell('text-ja').fill(firstBit?.name.ja ?? '');
  await expect(byId(page, 'type-events-problems')).toHaveCount(0);

  // A register whose bits are all named takes no more; another gets its lowest free bit, to be named in every
  // language, and gives it back.
  await expect(byId(page, `type-events-add-${FAULTS}`)).toBeDisabled();
  const rows = byId(page, `type-events-reg-${ALERTS}`).locator('tbody tr.ant-table-row');
  const count = await rows.count();
  await byId(page, `type-events-add-${ALERTS}`).click();
  await expect(rows).toHaveCount(count + 1);
  await expect(byId(page, `type-events-${ALERTS}-${count + 1}-bit`)).toHaveValue(String(count));
  await expect(byId(page, 'type-events-problems')).toContainText(`the text of bit ${count} in English is missing.`);
  await byId(page, `type-events-${ALERTS}-${count + 1}-remove`).click();
  await expect(rows).toHaveCount(count);
  await expect(byId(page, 'type-events-problems')).toHaveCount(0);

  // Saved as the next version: the confirmation names the one register changed.
  await byId(page, 'type-events-save').click();
  await dialogSettled(page);
  await expect(page.getByTestId('type-diff-changed')).toHaveAttribute('data-count', '1');
  await page.getByTestId('type-events-confirm').click();
  await expect(page.locator('.ant-message')).toContainText(`${code} saved as version 2.`);
  await expect(byId(page, 'type-events-version')).toHaveText('v2');

  const after = (await apiGet(request, tokenOf('demo_root'), `/controller-types/${id}/edit`)).data as TypeEditView;
  expect(after.registers[row - 1]?.bits?.[0]).toEqual({
    bit: firstBit?.bit,
    severity: 'alert',
    name: { ...firstBit?.name, en: 'Main motor overload (E2E)' },
  });
  await request.dispose();

  // The devices' read-only event templates show the bit as an alert with its new text.
  await goInApp(page, `/devices/events/templates?type=${id}`);
  const template = byId(page, 'templates-table').locator(`[data-template="${FAULTS}-${firstBit?.bit ?? 0}"]`);
  await expect(template).toHaveAttribute('data-severity', 'alert');
  await expect(template).toContainText('Main motor overload (E2E)');
});
