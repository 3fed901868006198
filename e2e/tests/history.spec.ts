import ExcelJS from 'exceljs';
import type { Locator, Page } from '@playwright/test';
import { ownBox } from './boxes.js';
import {
  cellText,
  choosePageSize,
  expect,
  expectShown,
  fromMenu,
  goInApp,
  openShell,
  reg,
  rolePage,
  screenshot,
  shown as byId,
  test,
} from './fixtures.js';

/**
 * What an export's time cell holds for a moment: its wall clock (whole seconds) in the zone the console sent, the
 * browser's, which is this machine's, as a Date read in UTC (Excel's dates have no zone).
 */
function wallClock(ms: number): Date {
  const s = Math.floor(ms / 1000) * 1000;
  return new Date(s - new Date(s).getTimezoneOffset() * 60_000);
}

/**
 * History screens (history, history-charts, k-line, error-record, error-details, export-errors, maglev-charts,
 * maglev-region): a box of the test's own (a maglev blower, registered to demo_manager) publishes a known series of
 * snapshots with past timestamps, and the screens must show exactly that series: table values and paging, chart
 * points, an hour's candle, a fault record and its snapshot, the .xlsx exports; readings published while the table
 * and the charts are open join them without a reload. The tests walk one page, signed in as demo_manager, from screen
 * to screen inside the app. Who may open them and bad parameters: guard.spec.ts; each screen in each language and
 * width: language-sweep.spec.ts.
 */

test.describe.configure({ mode: 'serial' });

let page: Page;
test.beforeAll(async ({ browser }) => {
  page = await rolePage(browser, 'demo_manager');
  await openShell(page, '/dashboard');
});
test.afterAll(async () => {
  await page.context().close();
});

const HOUR = 3_600_000;
const MIN = 60_000;
const RUN_STATE = reg('maglev-blower', 'run_state');
const SPEED = reg('maglev-blower', 'speed');
const POWER = reg('maglev-blower', 'power');
const FLOW = reg('maglev-blower', 'flow');
const PRESSURE = reg('maglev-blower', 'outlet_pressure');
const FAULT_BITS = reg('maglev-blower', 'fault_bits');
/** Register map version 2: a 32-bit counter (two words, high first) and a signed word. */
const ENERGY_TOTAL = reg('maglev-blower', 'energy_total');
const AXIAL = reg('maglev-blower', 'axial_displacement');
/** The counter of a reading: 65,536 + its flow, past what one word holds (words 0x0001 and the flow). */
const energyTotal = (flow: number) => 65_536 + flow;
/** -12.5 µm: the word 0xFF83 read as signed, one decimal. */
const AXIAL_WORD = 0xff83;
/** Bit 2 of the maglev blower's fault register (Surge). */
const SURGE = 4;

interface Snapshot {
  ts: number;
  flow: number;
  fault: number;
}

/** The start of the hour ten hours ago: the known hour of the k-line. */
const H0 = Math.floor(Date.now() / HOUR) * HOUR - 10 * HOUR;
/** Four readings in the known hour (open 100.0, high 130.0, low 90.0, close 110.0), then one per hour for 8 hours. */
const SERIES: Snapshot[] = [
  { ts: H0 + 5 * MIN, flow: 1000, fault: 0 },
  { ts: H0 + 20 * MIN, flow: 1300, fault: 0 },
  { ts: H0 + 35 * MIN, flow: 900, fault: 0 },
  { ts: H0 + 50 * MIN, flow: 1100, fault: 0 },
  ...Array.from({ length: 8 }, (_, k) => {
    const i = k + 1;
    return { ts: H0 + i * HOUR + 30 * MIN, flow: 1000 + 50 * i, fault: i === 3 || i === 4 ? SURGE : 0 };
  }),
];
/** The fault: set in the snapshot of hour 3, cleared in that of hour 5. */
const FAULT_START = H0 + 3 * HOUR + 30 * MIN;
const FAULT_END = H0 + 5 * HOUR + 30 * MIN;
const flowText = (raw: number) => `${(raw / 10).toFixed(1)} m³/min`;
/** Flows of the readings published now, while the table and then the chart are open (the maglev tests see both). */
const LIVE_TABLE_FLOW = 1450;
const LIVE_CHART_FLOW = 1480;
/** Every reading published so far (the known series, then the live ones as the tests publish them). */
const published: Array<{ ts: number; flow: number }> = SERIES.map((s) => ({ ts: s.ts, flow: s.flow }));
/**
 * A snapshot of the blower running at 30,000 rpm and 80 kW with this flow (and, unless said, 60 kPa and no fault),
 * its rotor 12.5 µm towards the inlet and its energy counter at energyTotal(flow).
 */
const reading = (flow: number, { pressure = 600, fault = 0 } = {}) => ({
  [RUN_STATE]: 3,
  [SPEED]: 30000,
  [POWER]: 800,
  [FLOW]: flow,
  [PRESSURE]: pressure,
  [FAULT_BITS]: fault,
  [AXIAL]: AXIAL_WORD,
  [ENERGY_TOTAL]: 1,
  [ENERGY_TOTAL + 1]: flow,
});

/** A reading published now, remembered in `published`. */
async function publishLive(flow: number): Promise<void> {
  const ts = Date.now();
  published.push({ ts, flow });
  await publishData(ts, reading(flow));
}

/** The flow curve a chart of the window starting at `from` with buckets of `bucketMs` must draw: each bucket's average. */
function expectedCurve(from: number, bucketMs: number): Array<[number, number]> {
  const buckets = new Map<number, number[]>();
  for (const r of published) {
    const t = from + Math.floor((r.ts - from) / bucketMs) * bucketMs;
    buckets.set(t, [...(buckets.get(t) ?? []), r.flow]);
  }
  return [...buckets.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([t, flows]) => [t, Number((flows.reduce((a, b) => a + b, 0) / flows.length / 10).toFixed(2))]);
}

const boxId = 8_000_000 + Math.floor(Math.random() * 9_000_000) * 10;
const company = `E2E History ${boxId}`;
const box = ownBox(boxId, company, 'maglev-blower', async (b) => {
  for (const s of SERIES) await b.publish(s.ts, reading(s.flow, { fault: s.fault }));
});
const publishData = (ts: number, values: Record<string, number>) => box.publish(ts, values);

/** The series `id` of the echarts instance on the chart node `testId`, once it has data. */
async function chartSeries(testId: string, id: string): Promise<Array<[number | string, ...number[]]>> {
  const locator = byId(page, testId);
  await expect(locator).toBeVisible();
  const handle = await page.waitForFunction(
    ({ testId, id }) => {
      type Chart = { getOption(): { series?: Array<{ id?: string; data?: unknown[] }> } };
      const el = document.querySelector<HTMLElement & { echart?: Chart }>(`.dms-page:not([hidden]) [data-testid="${testId}"]`);
      const series = el?.echart?.getOption().series?.find((s) => s.id === id);
      return series?.data && series.data.length > 0 ? series.data : null;
    },
    { testId, id },
  );
  return (await handle.jsonValue()) as Array<[number | string, ...number[]]>;
}

/** The texts of a table's header cells. */
async function headers(table: Locator): Promise<string[]> {
  return (await table.locator('thead th').allInnerTexts()).map((s) => s.trim());
}

test('history table shows the published values, pages on the server, and exports them', async () => {
  await goInApp(page, `/devices/history/${boxId}/1`);
  const table = byId(page, 'history-table');
  await expect(byId(page, 'history-device')).toContainText(String(boxId));
  await expect(page.getByText('12 snapshots')).toBeVisible();
  const flowColumn = (await headers(table)).indexOf('Flow');
  expect(flowColumn).toBeGreaterThan(0);

  // Newest first: the eight hourly readings, then the known hour's last two.
  const newest = [...SERIES].sort((a, b) => b.ts - a.ts);
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(12);
  await expect(rows.first().locator('td').nth(flowColumn)).toHaveText(flowText(newest[0]?.flow ?? 0));
  await expect(rows.nth(11).locator('td').nth(flowColumn)).toHaveText(flowText(newest[11]?.flow ?? 0));

  // Two more registers chosen: the 32-bit counter past 65,535 and the signed displacement read as their map says.
  const select = byId(page, 'history-registers');
  for (const name of ['Total energy', 'Axial displacement']) {
    await select.locator('input').fill(name);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).click();
  }
  await page.keyboard.press('Escape');
  await expect(table.locator('thead th', { hasText: 'Axial displacement' })).toBeVisible();
  const columns = await headers(table);
  const energyColumn = columns.indexOf('Total energy');
  const axialColumn = columns.indexOf('Axial displacement');
  expect(energyColumn).toBeGreaterThan(0);
  expect(axialColumn).toBeGreaterThan(0);
  await expect(rows.first().locator('td').nth(energyColumn)).toHaveText(`${energyTotal(newest[0]?.flow ?? 0)} kWh`);
  await expect(rows.first().locator('td').nth(axialColumn)).toHaveText('-12.5 µm');

  // 10 a page: the second page holds the two oldest.
  await choosePageSize(page, rows, 10);
  await page.locator('.dms-page:not([hidden]) .ant-pagination-item-2').click();
  await expect(rows).toHaveCount(2);
  await expect(rows.first().locator('td').nth(flowColumn)).toHaveText(flowText(newest[10]?.flow ?? 0));
  await expect(rows.nth(1).locator('td').nth(flowColumn)).toHaveText(flowText(newest[11]?.flow ?? 0));

  // Export: every snapshot of the range, newest first, flow in engineering units.
  const [download] = await Promise.all([page.waitForEvent('download'), byId(page, 'history-export').click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the export has no sheet');
  const head = Array.from(sheet.getRow(1).values as unknown[], cellText);
  const flowAt = head.findIndex((h) => h.startsWith(`${FLOW} `));
  // The time: a date cell holding the wall clock of the browser's zone, named in the header.
  const timeAt = head.findIndex((h) => h.startsWith('Time ('));
  expect(flowAt).toBeGreaterThan(0);
  expect(timeAt).toBeGreaterThan(0);
  const energyAt = head.findIndex((h) => h.startsWith(`${ENERGY_TOTAL} `));
  const axialAt = head.findIndex((h) => h.startsWith(`${AXIAL} `));
  expect(energyAt).toBeGreaterThan(0);
  expect(axialAt).toBeGreaterThan(0);
  expect(sheet.actualRowCount).toBe(13);
  for (let i = 0; i < 12; i += 1) {
    const row = sheet.getRow(i + 2);
    expect(row.getCell(timeAt).value).toEqual(wallClock(newest[i]?.ts ?? 0));
    expect(Number(row.getCell(flowAt).value)).toBe((newest[i]?.flow ?? 0) / 10);
    expect(Number(row.getCell(energyAt).value)).toBe(energyTotal(newest[i]?.flow ?? 0));
    expect(Number(row.getCell(axialAt).value)).toBe(-12.5);
  }
  await screenshot(page, 'history-table');

  // The range is the last 24 hours, which follows the present: a reading now joins the top of the first page.
  await page.locator('.dms-page:not([hidden]) .ant-pagination-item-1').click();
  await expect(rows).toHaveCount(10);
  await publishLive(LIVE_TABLE_FLOW);
  await expect(rows.first().locator('td').nth(flowColumn)).toHaveText(flowText(LIVE_TABLE_FLOW));
  await expect(page.getByText('13 snapshots')).toBeVisible();
  await expect(rows).toHaveCount(10);
  await expect(rows.nth(1).locator('td').nth(flowColumn)).toHaveText(flowText(newest[0]?.flow ?? 0));
});

test('history chart shows the published points, k-line the known hour', async () => {
  await goInApp(page, `/devices/history/${boxId}/1`);
  await byId(page, 'history-view-charts').click();
  await expectShown(page, new RegExp(`/devices/history-charts/${boxId}-1/\\d+$`));
  const points = await chartSeries('history-chart', `avg-${FLOW}`);
  const bucketMs = Number(await byId(page, 'history-chart-wrap').getAttribute('data-bucket-ms'));
  expect(bucketMs).toBeGreaterThan(0);
  expect(bucketMs).toBeLessThan(5 * MIN);
  // Buckets under two minutes are read from every snapshot, and the chart says so.
  await expect(byId(page, 'history-chart-wrap')).toHaveAttribute('data-level', bucketMs < 2 * MIN ? 'raw' : 'minute');
  await expect(byId(page, 'history-chart-level')).toHaveText(
    bucketMs < 2 * MIN ? 'Each point sums up the readings in its span.' : 'Each point sums up per-minute summaries of the readings.',
  );
  const windowFrom = Number(new URL(page.url()).pathname.split('/').at(-1));
  // One point per published snapshot: in the snapshot's bucket, with its value (the table's live reading included).
  expect(points).toHaveLength(SERIES.length + 1);
  SERIES.forEach((s, i) => {
    const [t, v] = points[i] as [number, number];
    expect(s.ts - t).toBeGreaterThanOrEqual(0);
    expect(s.ts - t).toBeLessThan(bucketMs);
    expect(v).toBe(s.flow / 10);
  });
  expect(points).toEqual(expectedCurve(windowFrom, bucketMs));

  // The window holds the present: a reading now joins the chart without a reload.
  await expect(byId(page, 'history-chart-live')).toBeVisible();
  await publishLive(LIVE_CHART_FLOW);
  await expect.poll(() => chartSeries('history-chart', `avg-${FLOW}`)).toEqual(expectedCurve(windowFrom, bucketMs));
  expect(published.at(-1)?.ts ?? 0).toBeLessThan(windowFrom + 24 * HOUR);
  // Zooming in asks the server again for the zoomed part (after a short pause), at the chart's resolution. On a
  // loaded machine the chart may still be redrawn with the points its width asks for (the zoom starting afresh):
  // zoomed again until the zoom took.
  const wrap = byId(page, 'history-chart-wrap');
  await expect(async () => {
    await page.evaluate(() => {
      type Chart = { dispatchAction(action: object): void };
      const el = document.querySelector<HTMLElement & { echart?: Chart }>('.dms-page:not([hidden]) [data-testid="history-chart"]');
      el?.echart?.dispatchAction({ type: 'dataZoom', start: 50, end: 100 });
    });
    await expect(wrap).toHaveAttribute('data-detail', /^\d+-\d+$/, { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  expect(await wrap.getAttribute('data-detail')).toBe(`${windowFrom + 12 * HOUR}-${windowFrom + 24 * HOUR}`);
  const zoomed = await chartSeries('history-chart', `avg-${FLOW}`);
  // The zoomed part has finer buckets: every reading on its own, the live ones (seconds apart) perhaps together.
  expect(zoomed.slice(0, SERIES.length).map((p) => p[1])).toEqual(SERIES.map((s) => s.flow / 10));
  await screenshot(page, 'history-charts');

  await byId(page, 'history-view-kline').click();
  await expectShown(page, new RegExp(`/devices/k-line/${boxId}/1$`));
  await byId(page, 'kline-register').click();
  await page.keyboard.type('Flow');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^Flow/ }).first().click();
  await expect
    .poll(async () => {
      const handle = await page.waitForFunction(() => {
        type Chart = { getOption(): { xAxis?: Array<{ data?: string[] }>; series?: Array<{ name?: string; data?: number[][] }> } };
        const el = document.querySelector<HTMLElement & { echart?: Chart }>('.dms-page:not([hidden]) [data-testid="kline-chart"]');
        const option = el?.echart?.getOption();
        return option
          ? { times: option.xAxis?.[0]?.data ?? [], name: option.series?.[0]?.name ?? '', data: option.series?.[0]?.data ?? [] }
          : null;
      });
      const { times, name, data } = (await handle.jsonValue()) as { times: string[]; name: string; data: number[][] };
      return name === 'Flow' ? data[times.indexOf(String(H0))] : undefined;
    })
    // [open, close, low, high]
    .toEqual([100, 110, 90, 130]);
  await screenshot(page, 'history-kline');
});

test('fault records list the fault and its snapshot', async () => {
  await goInApp(page, `/devices/history/${boxId}/1`);
  await byId(page, 'history-view-errorRecord').click();
  const rows = byId(page, 'record-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('record-name')).toHaveText('Surge');
  await expect(rows.first().locator('[data-kind="fault"]')).toHaveText('Fault');
  await expect(rows.first()).toContainText('2 h');
  await screenshot(page, 'history-error-record');

  await rows.first().locator('a[data-testid^="record-details-"]').click();
  await expectShown(page, new RegExp(`/devices/error-details/${boxId}/${FAULT_START}\\?controller=1&record=\\d+$`));
  await expect(byId(page, `snapshot-value-${FLOW}`)).toHaveText(flowText(1150));
  await expect(byId(page, `snapshot-value-${PRESSURE}`)).toHaveText('60.0 kPa');
  const faultRow = page.locator(`.dms-page:not([hidden]) tr[data-register="${FAULT_BITS}"]`);
  await expect(faultRow).toHaveAttribute('data-severity', 'fault');
  await expect(faultRow).toContainText('Surge');
  await expect(byId(page, 'snapshot-record')).toContainText('Surge');
  await screenshot(page, 'history-error-details');
});

test('export-errors from the menu: the fault across the user devices and its .xlsx', async () => {
  await goInApp(page, '/dashboard');
  await fromMenu(page, 'Devices', 'exportErrors');
  await expectShown(page, /\/devices\/export-errors$/);
  await byId(page, 'export-errors-q').fill(String(boxId));
  await byId(page, 'export-errors-search').click();
  const rows = byId(page, 'export-errors-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`${boxId}-1`);
  await expect(rows.first()).toContainText('Surge');
  await byId(page, 'export-errors-kind-alert').click();
  await expect(byId(page, 'export-errors-table').locator('.ant-empty')).toBeVisible();
  await byId(page, 'export-errors-kind-fault').click();
  await expect(rows).toHaveCount(1);

  const [download] = await Promise.all([page.waitForEvent('download'), byId(page, 'export-errors-export').click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the export has no sheet');
  expect(sheet.actualRowCount).toBe(2);
  const row = Array.from(sheet.getRow(2).values as unknown[]);
  expect(row.slice(1)).toEqual([
    boxId,
    1,
    company,
    undefined, // the device's model was never filled in: an empty cell
    'Fault',
    'Surge',
    wallClock(FAULT_START),
    wallClock(FAULT_END),
    // The duration: whole seconds as an [h]:mm:ss cell (read back as a time after Excel's day 0).
    new Date(Date.UTC(1899, 11, 30) + Math.round((FAULT_END - FAULT_START) / 1000) * 1000),
  ]);
  await screenshot(page, 'history-export-errors');
});

test('maglev charts and the operating region, whose point moves live', async () => {
  await goInApp(page, `/devices/history/${boxId}/1`);
  await byId(page, 'history-view-maglevCharts').click();
  await expectShown(page, new RegExp(`/devices/maglev-charts/${boxId}-1/\\d+$`));
  const flow = await chartSeries('maglev-chart-flow', `avg-${FLOW}`);
  const windowFrom = Number(new URL(page.url()).pathname.split('/').at(-1));
  const bucketMs = Number(await byId(page, 'maglev-chart-flow-wrap').getAttribute('data-bucket-ms'));
  expect(flow).toEqual(expectedCurve(windowFrom, bucketMs));
  await chartSeries('maglev-chart-speed', `avg-${SPEED}`);
  await screenshot(page, 'history-maglev-charts');

  await byId(page, 'history-view-maglevRegion').click();
  expect(await chartSeries('maglev-region-chart', 'current')).toEqual([[LIVE_CHART_FLOW / 10, 60]]);
  await expect(byId(page, 'maglev-region-state')).toHaveAttribute('data-inside', 'true');
  // A new reading moves the point without a reload: far to the left of the surge line.
  await publishData(Date.now(), reading(200, { pressure: 900 }));
  await expect.poll(async () => (await chartSeries('maglev-region-chart', 'current'))[0]).toEqual([20, 90]);
  await expect(byId(page, 'maglev-region-state')).toHaveAttribute('data-inside', 'false');
  await screenshot(page, 'history-maglev-region');
});
