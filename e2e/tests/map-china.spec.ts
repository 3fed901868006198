import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { MqttClient } from 'mqtt';
import { connectBox, registerBoxes, sayHello } from './boxes.js';
import { asRole, baseUrl, expect, type Role, screenshot, test, tokenOf } from './fixtures.js';

/**
 * The map locates a device offline: China is drawn by its provinces and, zoomed in, its cities with their names (all
 * from the console's own server); a device without coordinates stands at its city's centroid; a cluster's tooltip
 * closes when the map moves and opens beside the cluster, over no other marker. The map in each language and width:
 * language-sweep.spec.ts.
 */

const api = (p: string) => `${baseUrl()}/api/v2${p}`;
/**
 * The owner of this spec's box: a user of its own here, so no other spec's map counts it, and who reaches no demo box
 * (the demo distributors reach the CK 1333 demo boxes: docs/people.md).
 */
const OWNER: Role = 'demo_qualityCtrl';

interface TablePlace {
  name: string;
  centroid: number[];
  cities: TablePlace[];
}
const table = JSON.parse(
  fs.readFileSync(
    path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../web/src/features/fleet-map/china/china-places.json'),
    'utf8',
  ),
) as { provinces: TablePlace[] };
const suzhou = table.provinces.find((p) => p.name === '江苏省')?.cities.find((c) => c.name === '苏州市');

/** The texts echarts draws on the map's canvas now (region labels among them). */
function drawnTexts(page: Page, testId: string): Promise<string[]> {
  return page.getByTestId(`${testId}-chart`).evaluate((el) => {
    const chart = (el as HTMLElement & { echart?: { getZr: () => { storage: { getDisplayList: (u: boolean) => unknown[] } } } }).echart;
    if (!chart) return [];
    return chart
      .getZr()
      .storage.getDisplayList(true)
      .flatMap((e) => {
        const d = e as { style?: { text?: unknown }; invisible?: boolean; ignore?: boolean };
        return typeof d.style?.text === 'string' && d.style.text && !d.invisible && !d.ignore ? [d.style.text] : [];
      });
  });
}

/** The pixel of a lng/lat on the map's chart, relative to the page. */
function pixelOf(page: Page, testId: string, lnglat: number[]): Promise<[number, number]> {
  return page.getByTestId(`${testId}-chart`).evaluate((el, at) => {
    const chart = (el as HTMLElement & { echart?: { convertToPixel: (f: object, v: number[]) => number[] } }).echart;
    const [x = 0, y = 0] = chart?.convertToPixel({ geoIndex: 0 }, at) ?? [];
    const r = el.getBoundingClientRect();
    return [r.left + x, r.top + y] as [number, number];
  }, lnglat);
}

/** Zooms the map by `factor` as the mouse wheel would (about its top left corner). */
async function roam(page: Page, factor: number): Promise<void> {
  await page.getByTestId('fleet-map-chart').evaluate((el, zoom) => {
    const chart = (el as HTMLElement & { echart?: { dispatchAction: (a: object) => void } }).echart;
    chart?.dispatchAction({ type: 'geoRoam', componentType: 'geo', geoIndex: 0, zoom, originX: 10, originY: 10 });
  }, factor);
}

test.describe('a map that locates a device offline', () => {
  let boxId = 0;
  let client: MqttClient | null = null;

  test.beforeAll(async ({ request }) => {
    // The demo fleet's devices get their places a few seconds after a fresh server starts: wait for them once.
    const user = tokenOf('demo_end_user');
    await expect
      .poll(
        async () => {
          const res = await request.get(api('/fleet/map'), { headers: { authorization: `Bearer ${user}` } });
          const points = ((await res.json()) as { data: { lng: number | null }[] }).data;
          return points.filter((p) => p.lng !== null).length;
        },
        { timeout: 40_000 },
      )
      .toBeGreaterThanOrEqual(5);
    boxId = 20_000_000 + Math.floor(Math.random() * 9_000_000);
    const password =
      (await registerBoxes(request, OWNER, boxId, boxId, { boxType: 'E2E-MAP', companyName: 'E2E Map Co.' }))[0]?.password ?? '';
    client = await connectBox(boxId, password);
    await sayHello(client, boxId, [{ index: 1, type: 'screw-compressor' }], { boxType: 'E2E-MAP' });
    const root = tokenOf('demo_root');
    // No coordinates, only its province and city, written in English as the demo fleet writes them.
    await expect(async () => {
      const res = await request.patch(api(`/devices/${boxId}/1`), {
        headers: { authorization: `Bearer ${root}` },
        data: { province: 'Jiangsu', city: 'Suzhou', lng: null, lat: null },
      });
      expect(((await res.json()) as { code: number }).code).toBe(20000);
    }).toPass({ timeout: 15_000 });
  });

  test.afterAll(async () => {
    await client?.endAsync();
  });

  for (const { lang, label, province } of [
    { lang: 'en', label: 'Suzhou', province: 'Jiangsu' },
    { lang: 'zh', label: '苏州市', province: '江苏' },
  ] as const) {
    test(`a device without coordinates stands at its city, and the map zoomed there names the city (${lang})`, async ({ page }) => {
      expect(suzhou, 'Suzhou in the place table').toBeDefined();
      await asRole(page, OWNER, lang);
      await page.goto('/devices/map');
      const map = page.getByTestId('fleet-map');
      const marker = map.locator(`[data-testid="map-marker"][data-box-id="${boxId}"]`);
      await expect(marker).toBeVisible({ timeout: 30_000 });
      await expect(marker).toHaveAttribute('data-located', 'city');
      await expect(page.getByTestId('map-count')).toHaveAttribute('data-count', '1');

      // Its one device fitted: the view is zoomed in on Suzhou, so the cities of Jiangsu are drawn and named.
      await expect(map).toHaveAttribute('data-level', 'cities', { timeout: 15_000 });
      await expect(map).toHaveAttribute('data-city-provinces', /\b320000\b/);
      await expect.poll(() => drawnTexts(page, 'fleet-map'), { timeout: 15_000 }).toContain(label);

      // The marker is at the centroid of Suzhou's outline.
      const [x, y] = await pixelOf(page, 'fleet-map', suzhou?.centroid ?? []);
      const box = await marker.boundingBox();
      expect(box).not.toBeNull();
      if (box) {
        expect(Math.abs(box.x + box.width / 2 - x)).toBeLessThan(3);
        expect(Math.abs(box.y + box.height / 2 - y)).toBeLessThan(3);
      }
      await screenshot(page, `map-china-city-${lang}`);

      // Its popup says where it stands and why.
      await marker.click();
      await expect(page.getByTestId('map-popup-approx')).toContainText('苏州市');
      await page.keyboard.press('Escape');

      // Zoomed out to the whole of China: the provinces are named, the cities no longer drawn.
      await roam(page, 1 / 12);
      await expect(map).toHaveAttribute('data-level', 'provinces');
      await expect.poll(() => drawnTexts(page, 'fleet-map')).toContain(province);
      expect(await drawnTexts(page, 'fleet-map')).not.toContain(label);
    });
  }

  test("a cluster's tooltip opens beside it, over no other marker, and closes when the map zooms", async ({ page }) => {
    await asRole(page, 'demo_end_user', 'en');
    await page.goto('/devices/map');
    const map = page.getByTestId('fleet-map');
    await expect(map.getByTestId('map-marker').first()).toBeVisible({ timeout: 30_000 });
    const cluster = map.locator('[data-testid="map-marker"][data-kind="cluster"]').first();
    // Zoomed out until some devices fall together.
    for (let i = 0; i < 10 && (await cluster.count()) === 0; i += 1) {
      await roam(page, 0.7);
      await page.waitForTimeout(100);
    }
    await expect(cluster).toBeVisible();
    await cluster.hover();
    const tip = page.locator('.ant-tooltip').filter({ hasText: 'Zoom in' });
    await expect(tip).toBeVisible();
    const tipBox = await tip.boundingBox();
    const clusterKey = await cluster.getAttribute('aria-label');
    for (const other of await map.getByTestId('map-marker').all()) {
      if ((await other.getAttribute('aria-label')) === clusterKey) continue;
      const b = await other.boundingBox();
      if (!b || !tipBox) continue;
      const overlaps =
        b.x < tipBox.x + tipBox.width && tipBox.x < b.x + b.width && b.y < tipBox.y + tipBox.height && tipBox.y < b.y + b.height;
      expect(overlaps, 'the tooltip covers another marker').toBe(false);
    }
    await screenshot(page, 'map-cluster-tooltip');

    // The map zooms a little (the pointer still on the cluster): the tooltip closes.
    await roam(page, 1.02);
    await expect(tip).toBeHidden();
  });
});
