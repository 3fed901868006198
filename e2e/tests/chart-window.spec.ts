import type { Locator, Page } from '@playwright/test';
import { ownBox } from './boxes.js';
import { choosePageSize, expect, expectShown, openShell as open, reg, shown as byId, test } from './fixtures.js';

/**
 * Chart and history windows follow the clock and are kept in the URL (issue 11 point 2): "1 hour" means the hour up
 * to now whenever it is clicked (a day after the page was opened too, with the browser's clock moved by Playwright);
 * the chosen window survives a reload; bad values in the URL fall back to the default; and on the live history table
 * a page after the first shifts as new readings come. A box of the test's own (a maglev blower) publishes readings.
 * The range bars at each width in each language: language-sweep.spec.ts.
 */

test.describe.configure({ mode: 'serial' });
test.use({ role: 'demo_manager' });

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const FLOW = reg('maglev-blower', 'flow');
const SPEED = reg('maglev-blower', 'speed');
const RUN_STATE = reg('maglev-blower', 'run_state');

const boxId = 8_000_001 + Math.floor(Math.random() * 900_000) * 10;
const company = `E2E Window ${boxId}`;
/** Twelve readings over the last 45 minutes, flows 1000..1110 (100.0..111.0 m³/min), the newest last. */
const START = Date.now() - 45 * MIN;
const SERIES = Array.from({ length: 12 }, (_, i) => ({ ts: START + i * 3 * MIN, flow: 1000 + 10 * i }));
const flowText = (raw: number) => `${(raw / 10).toFixed(1)} m³/min`;
const reading = (flow: number) => ({ [RUN_STATE]: 3, [SPEED]: 30000, [FLOW]: flow });

const box = ownBox(boxId, company, 'maglev-blower', async (b) => {
  for (const s of SERIES) await b.publish(s.ts, reading(s.flow));
});
const publish = (ts: number, flow: number) => box.publish(ts, reading(flow));

interface ShownWindow {
  from: number;
  to: number;
  preset: string;
}

/** The window a range or chart window bar shows (its data attributes). */
async function windowOf(bar: Locator): Promise<ShownWindow> {
  await expect(bar).toHaveAttribute('data-to', /^\d+$/);
  // Read at once: a window up to now moves on by a step while it is shown, so two reads may see two windows.
  return bar.evaluate((el) => ({
    from: Number(el.getAttribute('data-from')),
    to: Number(el.getAttribute('data-to')),
    preset: el.getAttribute('data-preset') ?? '',
  }));
}

/** The browser's clock (moved by page.clock in the test of a day later). */
const browserNow = (page: Page) => page.evaluate(() => Date.now());

/** The window is the `span` up to the browser's now: it holds now and ends within a step (a sixtieth of it) after. */
async function expectUpToNow(page: Page, bar: Locator, span: number): Promise<ShownWindow> {
  // The clock read before and after the window: a loaded machine may take a while between the reads.
  const before = await browserNow(page);
  const w = await windowOf(bar);
  const after = await browserNow(page);
  expect(w.to - w.from).toBe(span);
  expect(w.to).toBeGreaterThan(before);
  expect(w.to - after).toBeLessThanOrEqual(span / 60 + 1000);
  return w;
}

const chartPath = (from: number) => `/devices/history-charts/${boxId}-1/${from}`;

test('"1 hour" on a history chart is the last hour, and the window is kept through a reload', async ({ page }) => {
  // Opened as the device header links it: a day's window starting at a time in the path.
  const dayAgo = Date.now() - 0.9 * DAY;
  const pathFrom = Math.floor(dayAgo / 1000) * 1000;
  await open(page, chartPath(pathFrom));
  const bar = byId(page, 'chart-window');
  expect(await windowOf(bar)).toEqual({ from: pathFrom, to: pathFrom + DAY, preset: 'custom' });

  await byId(page, 'chart-span-1h').click();
  await expect(page).toHaveURL(/[?&]range=1h(&|$)/);
  await expect(bar).toHaveAttribute('data-preset', '1h');
  await expectUpToNow(page, bar, HOUR);
  // The last hour holds the box's readings: the chart draws them, and is live.
  await expect(byId(page, 'history-chart-live')).toBeVisible();
  await expect(byId(page, 'history-chart-empty')).toHaveCount(0);

  // A reload shows the same window: the last hour up to now.
  await page.reload();
  await expect(page.getByTestId('hamburger')).toBeVisible({ timeout: 30_000 });
  await expect(bar).toHaveAttribute('data-preset', '1h');
  await expectUpToNow(page, bar, HOUR);

  // A step back is a fixed window, kept as from and to; a reload shows exactly it.
  const before = await windowOf(bar);
  await byId(page, 'chart-previous').click();
  await expect(bar).toHaveAttribute('data-preset', 'custom');
  await expect(bar).toHaveAttribute('data-from', String(before.from - HOUR));
  await expect(page).toHaveURL(new RegExp(`[?&]from=${before.from - HOUR}&to=${before.to - HOUR}(&|$)`));
  await page.reload();
  await expect(page.getByTestId('hamburger')).toBeVisible({ timeout: 30_000 });
  expect(await windowOf(bar)).toEqual({ from: before.from - HOUR, to: before.to - HOUR, preset: 'custom' });

  // The curves are kept too: one taken away is left out after a reload.
  await expect(page).not.toHaveURL(/registers=/);
  const tags = byId(page, 'chart-registers').locator('.ant-select-selection-item').filter({ visible: true });
  const count = await tags.count();
  expect(count).toBeGreaterThan(1);
  await tags.first().locator('.ant-select-selection-item-remove').click();
  await expect(page).toHaveURL(/[?&]registers=\d+(%2C\d+)*(&|$)/);
  const kept = new URL(page.url()).searchParams.get('registers');
  await page.reload();
  await expect(page.getByTestId('hamburger')).toBeVisible({ timeout: 30_000 });
  await expect(tags).toHaveCount(count - 1);
  expect(new URL(page.url()).searchParams.get('registers')).toBe(kept);
  await open(page, `${chartPath(pathFrom)}?range=24h&registers=${FLOW}`);
  await expect(bar).toHaveAttribute('data-preset', '24h');
  await expect(tags.first()).toHaveText('Flow (m³/min)');
  await expect(byId(page, 'chart-registers')).not.toContainText('Speed');
});

test('bad window values in the URL fall back to the default', async ({ page }) => {
  const pathFrom = Math.floor((Date.now() - 0.9 * DAY) / 1000) * 1000;
  for (const query of [
    'range=2h',
    'range=',
    'from=abc&to=5',
    `from=${pathFrom}&to=${pathFrom - 1}`,
    `from=0&to=${400 * DAY}`,
    'from=1&to=2',
  ]) {
    await open(page, `${chartPath(pathFrom)}?${query}`);
    const bar = byId(page, 'chart-window');
    expect(await windowOf(bar), query).toEqual({ from: pathFrom, to: pathFrom + DAY, preset: 'custom' });
  }
  await open(page, `/devices/history/${boxId}/1?range=nonsense&from=x`);
  const range = byId(page, 'history-range');
  await expect(range).toHaveAttribute('data-preset', '24h');
  await expectUpToNow(page, range, DAY);
  await expect(byId(page, 'history-table')).toBeVisible();
});

test('k-line and maglev charts open on the window (and period) their URL keeps', async ({ page }) => {
  await open(page, `/devices/k-line/${boxId}/1?range=7d&period=day`);
  const range = byId(page, 'kline-range');
  await expect(range).toHaveAttribute('data-preset', '7d');
  await expectUpToNow(page, range, 7 * DAY);
  await expect(byId(page, 'kline-period-day').locator('xpath=ancestor::label')).toHaveClass(/ant-segmented-item-selected/);
  await byId(page, 'kline-range-1h').click();
  await expect(page).toHaveURL(/[?&]range=1h(&|$)/);
  await expect(page).toHaveURL(/[?&]period=day(&|$)/);
  await page.reload();
  await expect(page.getByTestId('hamburger')).toBeVisible({ timeout: 30_000 });
  await expect(range).toHaveAttribute('data-preset', '1h');

  const pathFrom = Math.floor((Date.now() - DAY) / 1000) * 1000;
  await open(page, `/devices/maglev-charts/${boxId}-1/${pathFrom}?range=1h`);
  const bar = byId(page, 'chart-window');
  await expect(bar).toHaveAttribute('data-preset', '1h');
  await expectUpToNow(page, bar, HOUR);
  await byId(page, 'chart-span-6h').click();
  await expect(page).toHaveURL(/[?&]range=6h(&|$)/);
  // The URL changes first, the bar once the page has rendered the new window.
  await expect(bar).toHaveAttribute('data-preset', '6h');
  await expectUpToNow(page, bar, 6 * HOUR);
});

test('"1 hour" clicked a day after the page was opened ends now', async ({ page }) => {
  await page.clock.install();
  const pathFrom = Math.floor((Date.now() - 0.9 * DAY) / 1000) * 1000;
  await open(page, chartPath(pathFrom));
  const bar = byId(page, 'chart-window');
  await expect(bar).toHaveAttribute('data-preset', 'custom');

  // The page stays open for a day (as a laptop's lid closed), then "1 hour" is clicked.
  await page.clock.fastForward('24:00:00');
  await byId(page, 'chart-span-1h').click();
  await expect(bar).toHaveAttribute('data-preset', '1h');
  const first = await expectUpToNow(page, bar, HOUR);
  expect(first.from).toBeGreaterThan(pathFrom + DAY);

  // Another day on, "1 hour" (already chosen) clicked again: still the hour up to now.
  await page.clock.setSystemTime((await browserNow(page)) + DAY);
  await byId(page, 'chart-span-1h').click();
  const second = await expectUpToNow(page, bar, HOUR);
  expect(second.from).toBeGreaterThanOrEqual(first.from + DAY - MIN);

  // The history table's presets do the same.
  await open(page, `/devices/history/${boxId}/1?range=1h`);
  const range = byId(page, 'history-range');
  await expectUpToNow(page, range, HOUR);
  await page.clock.setSystemTime((await browserNow(page)) + DAY);
  await byId(page, 'history-range-1h').click();
  await expectUpToNow(page, range, HOUR);
});

test('on the live history table a later page shifts as readings come, and the range is kept in the URL', async ({ page }) => {
  await open(page, `/devices/history/${boxId}/1`);
  await byId(page, 'history-range-1h').click();
  await expect(page).toHaveURL(/[?&]range=1h(&|$)/);
  const table = byId(page, 'history-table');
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(page.getByText('12 snapshots')).toBeVisible();
  const flowColumn = (await table.locator('thead th').allInnerTexts()).map((s) => s.trim()).indexOf('Flow');
  expect(flowColumn).toBeGreaterThan(0);

  await choosePageSize(page, rows, 10);
  await page.locator('.dms-page:not([hidden]) .ant-pagination-item-2').click();
  await expect(rows).toHaveCount(2);
  await expect(rows.first().locator('td').nth(flowColumn)).toHaveText(flowText(1010));

  // A reading now: the second page shifts down by one (the first page's last row comes to its top), and counts it.
  await publish(Date.now(), 1500);
  await expect(page.getByText('13 snapshots')).toBeVisible();
  await expect(rows).toHaveCount(3);
  await expect(rows.first().locator('td').nth(flowColumn)).toHaveText(flowText(1020));
  await expect(rows.nth(2).locator('td').nth(flowColumn)).toHaveText(flowText(1000));
  await publish(Date.now() + 1, 1510);
  await expect(page.getByText('14 snapshots')).toBeVisible();
  await expect(rows).toHaveCount(4);
  await expect(rows.first().locator('td').nth(flowColumn)).toHaveText(flowText(1030));

  // Back on the first page the readings are at the top; a reload keeps the last hour.
  await page.locator('.dms-page:not([hidden]) .ant-pagination-item-1').click();
  await expect(rows.first().locator('td').nth(flowColumn)).toHaveText(flowText(1510));
  await page.reload();
  await expectShown(page, new RegExp(`/devices/history/${boxId}/1\\?range=1h$`));
  await expect(byId(page, 'history-range')).toHaveAttribute('data-preset', '1h');
  await expect(page.getByText('14 snapshots')).toBeVisible();
});
