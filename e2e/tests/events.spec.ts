import { apiGet, ownCompressor } from './boxes.js';
import {
  dialogClosed,
  dialogSettled,
  chooseOption,
  expect,
  goInApp,
  openShell,
  reg,
  screenshot,
  shown as byId,
  test,
  tokenOf,
} from './fixtures.js';

/**
 * Event rules (/events; issue 21): root builds a rule with the form (its words follow), tests it against the box's
 * stored history, turns it on and saves it; the box then goes past the threshold: the event is in the log once and
 * the device shows the warning; root acknowledges it with a comment; the box comes back: the event ends, once.
 */
test.use({ role: 'demo_root' });

const TEMPERATURE = reg('screw-compressor', 'discharge_temperature');
const box = ownCompressor(5);
const { boxId } = box;
const hot = (celsius: number) => box.publishData({ [TEMPERATURE]: Math.round(celsius * 10) });

test('root builds a rule, tests it on history, enables it; the box crosses it: one event, acknowledged, ended once', async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  const name = `Hot discharge ${boxId}`;
  // History to test against: below, above for two reports, back below.
  for (const celsius of [100, 106, 106.5, 103]) {
    await hot(celsius);
    await page.waitForTimeout(1100);
  }

  await openShell(page, '/events/events-add');
  await byId(page, 'rule-name').fill(name);
  await chooseOption(page, 'rule-type', 'Oil-injected screw air compressor');
  await chooseOption(page, 'rule-severity', 'Alert');
  // Kept to this box's device: the demo fleet's compressors are not the spec's to alarm.
  await chooseOption(page, 'rule-devices', String(boxId), String(boxId));
  await page.keyboard.press('Escape');
  // The type's registers load after the type is chosen: a choice made as they arrive may not hold, so it is made
  // again until the rule's words name it.
  await expect(async () => {
    await page.keyboard.press('Escape');
    await chooseOption(page, 'rule-register', 'Discharge temperature', 'Discharge');
    await expect(byId(page, 'rule-words')).toContainText('Discharge temperature', { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await byId(page, 'rule-value').fill('105');
  await byId(page, 'rule-duration').fill('1');
  await byId(page, 'rule-hysteresis').fill('1');
  await expect(byId(page, 'rule-words')).toContainText('Discharge temperature');
  await expect(byId(page, 'rule-words')).toContainText('105');
  for (const lang of ['en', 'zh', 'es', 'ja']) await byId(page, `rule-text-${lang}`).fill(`{device}: {value} > {threshold} (${lang})`);

  // Test against history on this box's device: one event, started and ended.
  await chooseOption(page, 'replay-device', String(boxId), String(boxId));
  await byId(page, 'rule-test').click();
  await expect(byId(page, 'replay-result')).toHaveAttribute('data-events', '1');
  await expect(byId(page, 'replay-chart')).toBeVisible();
  await screenshot(page, 'events-add-replay');

  await byId(page, 'rule-enabled').click();
  await byId(page, 'rule-save').click();
  await expect(page).toHaveURL(/\/events\/events-list/);
  await expect(byId(page, 'rules-table').locator('tbody tr', { hasText: name })).toBeVisible();

  // The box goes past the threshold and stays there: one event, the device in warning.
  await hot(107);
  await page.waitForTimeout(1200);
  await hot(108);
  await page.waitForTimeout(1200);
  await hot(107.5);
  const request = await playwright.request.newContext();
  await expect
    .poll(async () => ((await apiGet(request, tokenOf('demo_root'), `/devices/${boxId}/1`)).data as { runStatus: string }).runStatus, {
      timeout: 15_000,
    })
    .toBe('warning');
  await goInApp(page, '/events/events-log');
  await byId(page, 'events-search').fill(String(boxId));
  await byId(page, 'events-search').press('Enter');
  const rows = byId(page, 'events-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1, { timeout: 15_000 });
  const eventId = (await rows.first().getAttribute('data-row-key')) ?? '';
  await expect(byId(page, `event-state-${eventId}`)).toHaveAttribute('data-state', 'active');
  await expect(byId(page, `event-peak-${eventId}`)).toContainText('108');

  // Acknowledged with a comment.
  await byId(page, `event-ack-${eventId}`).click();
  await dialogSettled(page);
  await page.getByTestId('event-ack-comment').fill('Cooler cleaned');
  await page.getByTestId('event-ack-ok').click();
  await dialogClosed(page);
  await expect(byId(page, `event-acked-${eventId}`)).toHaveAttribute('data-acked', 'true');
  await expect(byId(page, `event-comments-${eventId}`)).toContainText('1');
  await screenshot(page, 'events-log-acked');

  // The device's page lists the event, in progress and acknowledged.
  await goInApp(page, `/devices/controller/${boxId}/1`);
  await expect(byId(page, `device-event-${eventId}`)).toHaveAttribute('data-state', 'active');
  await expect(byId(page, `device-event-text-${eventId}`)).toContainText(`${boxId}-1`);
  await expect(byId(page, 'device-events')).toContainText('demo_root');
  // Root assigns it from the device's page too.
  await byId(page, `event-assign-${eventId}`).click();
  await dialogSettled(page);
  await page.getByTestId('event-assign-user').fill('demo_manager');
  await page.getByTestId('event-assign-ok').click();
  await dialogClosed(page);
  await expect(page.locator('.ant-message')).toContainText('demo_manager');
  await goInApp(page, '/events/events-log');

  // Back below the hysteresis: it ends, once.
  await hot(103);
  await page.waitForTimeout(1100);
  await hot(102);
  await expect(async () => {
    await byId(page, 'events-reload').click();
    await expect(byId(page, `event-state-${eventId}`)).toHaveAttribute('data-state', 'ended', { timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await expect(rows).toHaveCount(1);
  await expect
    .poll(async () => ((await apiGet(request, tokenOf('demo_root'), `/devices/${boxId}/1`)).data as { runStatus: string }).runStatus)
    .toBe('normal');
  // The rule goes with the spec.
  await goInApp(page, '/events/events-list');
  await byId(page, 'rules-search').fill(name);
  await byId(page, 'rules-search').press('Enter');
  const ruleRow = byId(page, 'rules-table').locator('tbody tr.ant-table-row', { hasText: name });
  const ruleId = (await ruleRow.getAttribute('data-row-key')) ?? '';
  await byId(page, `rule-delete-${ruleId}`).click();
  await page.getByTestId('rule-delete-ok').click();
  await expect(ruleRow).toHaveCount(0);
  await request.dispose();
});
