import { apiGet, connectBox, registerBoxes, sayHello } from './boxes.js';
import { baseUrl, expect, goInApp, openShell, screenshot, shown as byId, test, tokenOf } from './fixtures.js';

/**
 * Charts of a type (/device-type/chart; issue 20): root turns the k-line off for a type, and the page of a device of
 * that type stops linking to it, while the history curves stay; the maglev charts cannot be chosen for a compressor,
 * and the charts of chart management have their places, not yet to be chosen.
 */
test.use({ role: 'demo_root' });

const base = 2_090_000_000 + Math.floor(Math.random() * 4_000_000) * 10;

test("root turns the k-line off for a type; its device's page stops linking to it", async ({ page, playwright }, info) => {
  const run = base + info.retry * 100 + info.repeatEachIndex * 1000;
  const code = `e2e-charts-${run}`;
  const boxId = run + 1;
  const request = await playwright.request.newContext();
  const types = (await apiGet(request, tokenOf('demo_root'), '/controller-types')).data as Array<{ id: number; code: string }>;
  const screw = types.find((x) => x.code === 'screw-compressor')?.id ?? 0;
  const copied = await request.post(`${baseUrl()}/api/v2/controller-types/${screw}/copy`, {
    headers: { authorization: `Bearer ${tokenOf('demo_root')}` },
    data: { code, name: { en: 'E2E charts', zh: 'E2E 图表', es: 'E2E gráficos', ja: 'E2E グラフ' } },
  });
  expect(copied.ok()).toBe(true);
  const password =
    (await registerBoxes(request, 'demo_manager', boxId, boxId, { boxType: 'E2E-GW', companyName: `E2E Charts ${run}` }))[0]?.password ??
    '';
  await request.dispose();
  const box = await connectBox(boxId, password);
  try {
    await sayHello(box, boxId, [{ index: 1, type: code }]);

    await openShell(page, '/device-type/chart');
    // The list pages and searches as the type list does: the maglev blower on the first page, the new type found by code.
    await expect(byId(page, 'type-charts-maglev-blower-maglev-region')).toHaveAttribute('aria-checked', 'true');
    await byId(page, 'type-charts-search').fill(code);
    await byId(page, 'type-charts-search').press('Enter');
    await expect(byId(page, 'type-charts-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
    const kline = byId(page, `type-charts-${code}-kline`);
    await expect(kline).toHaveAttribute('aria-checked', 'true');
    await expect(byId(page, `type-charts-${code}-history-curves`)).toHaveAttribute('aria-checked', 'true');
    // A compressor draws no maglev charts: those switches are off and cannot be turned on.
    await expect(byId(page, `type-charts-${code}-maglev-region`)).toBeDisabled();
    await expect(byId(page, 'type-charts-table').locator('thead')).toContainText('Chart management');
    await kline.click();
    await expect(page.locator('.ant-message')).toContainText(`The charts of ${code} are saved.`);
    await expect(kline).toHaveAttribute('aria-checked', 'false');
    await screenshot(page, 'type-charts');

    // The device's page links to the history curves, not to the k-line.
    await goInApp(page, `/devices/controller/${boxId}/1`);
    await expect(byId(page, 'device-link-charts')).toBeVisible();
    await expect(byId(page, 'device-link-kline')).toHaveCount(0);

    // Turned on again, the link is back.
    await goInApp(page, '/device-type/chart');
    await kline.click();
    await expect(kline).toHaveAttribute('aria-checked', 'true');
    await goInApp(page, `/devices/controller/${boxId}/1`);
    await expect(byId(page, 'device-link-kline')).toBeVisible();
  } finally {
    await box.endAsync(true);
  }
});
