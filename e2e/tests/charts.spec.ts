import type { APIRequestContext, Page } from '@playwright/test';
import { apiGet, ownBox } from './boxes.js';
import {
  baseUrl,
  chooseOption,
  expect,
  goInApp,
  openShell,
  reg as builtinRegister,
  screenshot,
  shown as byId,
  test,
  tokenOf,
} from './fixtures.js';

/**
 * Chart management (/chartsManage; issue 21): root makes a gauge, a stacked and a stop-status chart with their forms
 * (each previewed live on this spec's own compressor), chooses them for the compressor's type on /device-type/chart,
 * sees all three on the box's page (the gauge at the box's pressure, the timeline loaded), is refused deleting one
 * while it is shown (the message names the type), copies and deletes a copy, and sees the large screen count the box.
 * The compressor is of a type of the spec's own (a copy of the screw compressor's), so that no other spec's device
 * page shows these charts while it runs.
 */
test.use({ role: 'demo_root' });

const boxId = 8_100_001 + Math.floor(Math.random() * 800_000) * 10;
const code = `e2e-charts-${boxId}`;
const TYPE = `E2E Charts ${boxId}`;
const reg = (key: string) => builtinRegister('screw-compressor', key);

// The type first (hooks run in the order they are declared), then the box that says it has one.
test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  try {
    const types = (await apiGet(request, tokenOf('demo_root'), '/controller-types')).data as Array<{ id: number; code: string }>;
    const screw = types.find((t) => t.code === 'screw-compressor')?.id ?? 0;
    const res = await request.post(`${baseUrl()}/api/v2/controller-types/${screw}/copy`, {
      headers: { authorization: `Bearer ${tokenOf('demo_root')}` },
      data: { code, name: { en: TYPE, zh: TYPE, es: TYPE, ja: TYPE } },
    });
    expect(((await res.json()) as { code: number }).code).toBe(20000);
  } finally {
    await request.dispose();
  }
});
ownBox(boxId, `E2E Charts Co ${boxId}`, code, async (box) => {
  await box.publish(Date.now(), { [reg('run_state')]: 2, [reg('discharge_pressure')]: 72, [reg('load_pressure')]: 65 });
});

async function api(request: APIRequestContext, method: 'PUT' | 'DELETE', path: string, data?: unknown): Promise<void> {
  await request.fetch(`${baseUrl()}/api/v2${path}`, {
    method,
    headers: { authorization: `Bearer ${tokenOf('demo_root')}` },
    ...(data === undefined ? {} : { data }),
  });
}

/** Fills the name and type, the form's first section. */
async function nameAndType(page: Page, name: string): Promise<void> {
  await byId(page, 'chart-name').fill(name);
  await chooseOption(page, 'chart-type', TYPE);
}

/** Saves the form: back on the kind's list, the chart in it; answers its id. */
async function save(page: Page, list: RegExp, name: string): Promise<string> {
  await byId(page, 'chart-save').click();
  await expect(page).toHaveURL(list);
  const row = byId(page, 'charts-table').locator('tbody tr.ant-table-row', { hasText: name });
  await expect(row).toBeVisible();
  return (await row.getAttribute('data-row-key')) ?? '';
}

test('root makes each chart kind, shows them on the type’s device pages, and cannot delete one while it is shown', async ({
  page,
  playwright,
}) => {
  test.setTimeout(150_000);
  const request = await playwright.request.newContext();
  const types = (await apiGet(request, tokenOf('demo_root'), `/controller-types/charts?q=${code}`)).data as {
    items: Array<{ id: number; code: string }>;
  };
  const typeId = types.items.find((r) => r.code === code)?.id ?? 0;
  const ids: string[] = [];
  try {
    // A gauge: incomplete, the form says what is missing; complete, its preview reads this box's pressure live.
    await openShell(page, '/chartsManage/add-gauge-chart');
    const gauge = `Pressure ${boxId}`;
    await nameAndType(page, gauge);
    await byId(page, 'chart-save').click();
    await expect(byId(page, 'chart-form')).toContainText('Please choose a register.');
    await chooseOption(page, 'gauge-register', 'Discharge pressure', 'Discharge');
    await byId(page, 'gauge-max').fill('1.2');
    for (const [i, to] of ['0.8', '1', '1.2'].entries()) await byId(page, `gauge-band-to-${i}`).fill(to);
    await chooseOption(page, 'chart-form-preview-device', String(boxId), String(boxId));
    await expect(byId(page, 'chart-form-preview-view')).toHaveAttribute('data-value', '0.72');
    await expect(byId(page, 'chart-form-preview-view')).toHaveAttribute('data-level', 'normal');
    await screenshot(page, 'charts-add-gauge');
    ids.push(await save(page, /\/chartsManage\/gauge-charts/, gauge));
    await expect(byId(page, `chart-words-${ids[0]}`)).toContainText('Discharge pressure: 0 to 1.2 MPa, 3 bands');

    // A stacked chart of two pressures.
    await goInApp(page, '/chartsManage/add-stacked-chart');
    const stacked = `Pressures ${boxId}`;
    await nameAndType(page, stacked);
    await chooseOption(page, 'stacked-registers', 'Discharge pressure', 'Discharge');
    await chooseOption(page, 'stacked-registers', 'Load pressure', 'Load pressure');
    await page.keyboard.press('Escape');
    await chooseOption(page, 'stacked-span', '1 hour');
    ids.push(await save(page, /\/chartsManage\/stacked-charts/, stacked));

    // A stop-status chart: loaded when the run state is 2, unloaded when 3; otherwise stopped.
    await goInApp(page, '/chartsManage/add-stop-status');
    const runs = `Runs ${boxId}`;
    await nameAndType(page, runs);
    await chooseOption(page, 'stop-state-0', 'Loaded');
    await chooseOption(page, 'stop-register-0', 'Run state', 'Run state');
    await byId(page, 'stop-value-0').fill('2');
    await byId(page, 'stop-add').click();
    await chooseOption(page, 'stop-state-1', 'Unloaded');
    await chooseOption(page, 'stop-register-1', 'Run state', 'Run state');
    await byId(page, 'stop-value-1').fill('3');
    ids.push(await save(page, /\/chartsManage\/stop-status/, runs));
    await expect(byId(page, `chart-words-${ids[2]}`)).toContainText('Loaded when Run state = 2; Unloaded when Run state = 3');

    // Chosen for the type's device pages, in this order.
    await goInApp(page, '/device-type/chart');
    await byId(page, 'type-charts-search').fill(code);
    await byId(page, 'type-charts-search').press('Enter');
    for (const name of [runs, gauge, stacked]) {
      await chooseOption(page, `type-charts-${code}-definitions`, name);
      await expect(page.locator('.ant-message')).toContainText(`The charts of ${code} are saved.`);
    }
    await page.keyboard.press('Escape');

    // The box's page draws them: the gauge at 0.72 MPa, the timeline loaded now, the stacked curves.
    await goInApp(page, `/devices/controller/${boxId}/1`);
    await expect(byId(page, 'device-charts').locator('[data-kind]')).toHaveCount(3);
    await expect(byId(page, `device-chart-${ids[0]}-view`)).toHaveAttribute('data-value', '0.72');
    await expect(byId(page, `device-chart-${ids[2]}-view-timeline`).locator('[data-state=loaded]').first()).toBeVisible();
    await expect(byId(page, `device-chart-${ids[2]}-view-totals`)).toContainText('Loaded');
    await expect(byId(page, `device-chart-${ids[1]}-view-chart`)).toBeVisible();
    await screenshot(page, 'charts-device-page');

    // Shown, a chart cannot be deleted: the refusal names the type. A copy is shown nowhere, and goes.
    await goInApp(page, '/chartsManage/gauge-charts');
    await byId(page, 'charts-search').fill(gauge);
    await byId(page, 'charts-search').press('Enter');
    await expect(byId(page, `chart-used-${ids[0]}`)).toContainText(TYPE);
    await byId(page, `chart-delete-${ids[0]}`).click();
    await page.locator('[data-testid=chart-delete-ok]:visible').click();
    await expect(page.locator('.ant-message')).toContainText(`This chart is shown on the device pages of ${TYPE}`);
    await byId(page, `chart-copy-${ids[0]}`).click();
    const copy = byId(page, 'charts-table').locator('tbody tr.ant-table-row', { hasText: `${gauge} (copy)` });
    await expect(copy).toBeVisible();
    const copyId = (await copy.getAttribute('data-row-key')) ?? '';
    await expect(byId(page, `chart-used-${copyId}`)).toHaveAttribute('data-used', '0');
    await byId(page, `chart-delete-${copyId}`).click();
    // The copy's own confirmation: the refused one's may still be fading out.
    await page
      .getByRole('tooltip', { name: `${gauge} (copy)` })
      .getByTestId('chart-delete-ok')
      .click();
    await expect(copy).toHaveCount(0);
    // The preview on the list draws the chart on a device of its type.
    await byId(page, `chart-preview-${ids[0]}`).click();
    await expect(page.getByTestId('chart-preview-view')).toHaveAttribute('data-value', /\d/);
    await page.waitForTimeout(400);
    await screenshot(page, 'charts-list-preview');

    // The large screen sums today's running and stopped time over the devices whose type shows a stop-status chart.
    await page.goto('/large-screen');
    await expect(page.getByTestId('ls-running')).toHaveAttribute('data-devices', /^[1-9]/);
    await expect(page.getByTestId('ls-running-rate')).toContainText('%');
  } finally {
    await api(request, 'PUT', `/controller-types/${typeId}/charts`, { charts: ['history-curves', 'kline'], definitions: [] });
    for (const id of ids) await api(request, 'DELETE', `/charts/${id}`);
    await request.dispose();
  }
});
