import type { FleetSummary } from '@dms/contract';
import type { Page } from '@playwright/test';
import { expect, shown } from './fixtures.js';
import { type At, box, DEVICE_ENGLISH, expectTableFits, type Screen, WITH_800 } from './sweep.js';

/**
 * demo_end_user's screens in the language sweep (language-sweep.spec.ts), with the checks of their own: the device
 * list fits, the device screens translated, the demo fleet's Chinese data, the dashboard's fleet, the map and the
 * large screen translated and fitting (its figures of a fleet much larger than the demo's).
 */

/** English words of the dashboard's fleet, the map and the large screen. */
/** English words of the dashboard's fleet, the map and the large screen. */
const FLEET_ENGLISH =
  /\b(Your fleet|All devices|Online rate|Boxes online|Faults today|Last 24 hours|Status changes|devices on the map|without a position|Large screen|Faults and alerts|Most faulty models)\b/;
const FLEET_TEXTS = {
  zh: { map: '地图监控', fleet: '我的设备', screen: '设备监控：设备总览' },
  es: { map: 'Mapa de equipos', fleet: 'Sus equipos', screen: 'Monitorización de equipos: vista general' },
  ja: { map: 'マップ監視', fleet: 'あなたの機器', screen: '機器監視：全体概況' },
};

/** Figures of a large fleet on the large screen: three- and four-digit counts, "188/188" boxes. */
export async function enlargeSummary(page: Page): Promise<void> {
  await page.route('**/api/v2/fleet/summary**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { code: number; data: FleetSummary };
    const counts = body.data.counts;
    body.data = {
      ...body.data,
      counts: Object.fromEntries(Object.keys(counts).map((k, i) => [k, 1000 + i * 111])) as FleetSummary['counts'],
      boxes: { total: 188, online: 188 },
      faultsToday: 1288,
      alertsToday: 4567,
    };
    await route.fulfill({ response, json: body });
  });
}

type Rect = { x: number; y: number; width: number; height: number };
const overlap = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** At phone width the title, the live mark, the back link and the clock lie over none of the others, inside the window. */
async function largeScreenHeadFits({ page, lang, width }: At): Promise<void> {
  const parts = {
    title: await box(page.locator('.dms-ls-title')),
    live: await box(page.getByTestId('large-screen').getByTestId('live-state')),
    back: await box(page.getByTestId('ls-back')),
    clock: await box(page.getByTestId('ls-clock')),
  };
  const names = Object.keys(parts) as (keyof typeof parts)[];
  for (const [i, a] of names.entries())
    for (const b of names.slice(i + 1)) expect(overlap(parts[a], parts[b]), `${a} overlaps ${b} in ${lang}`).toBe(false);
  for (const name of names) expect(parts[name].x + parts[name].width, `${name} inside the window`).toBeLessThanOrEqual(width + 0.5);
  // The back link reads in full (no ellipsis) at phone width.
  expect(await page.getByTestId('ls-back').evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
}

/** At wall sizes every count and figure (of a fleet much larger than the demo's) stays whole inside its tile. */
async function largeScreenTilesFit({ page, lang, width }: At): Promise<void> {
  await expect(page.getByTestId('ls-boxes')).toContainText('188/188');
  const tiles = page.locator('.dms-ls-figure, .dms-ls-count');
  expect(await tiles.count()).toBeGreaterThanOrEqual(6);
  // The tiles keep to their column (a figure too wide must not widen its tile past the column either).
  const column = await box(page.locator('.dms-ls-left'));
  for (const tile of await tiles.all()) {
    const tileBox = await box(tile);
    expect(tileBox.x + tileBox.width, 'tile inside its column').toBeLessThanOrEqual(column.x + column.width + 0.5);
    for (const part of await tile.locator('.dms-ls-figure-value, .dms-ls-count-value, .dms-ls-figure-label').all()) {
      const b = await box(part);
      const text = await part.innerText();
      expect(b.x, `"${text}" starts inside its tile`).toBeGreaterThanOrEqual(tileBox.x - 0.5);
      expect(b.x + b.width, `"${text}" ends inside its tile`).toBeLessThanOrEqual(tileBox.x + tileBox.width + 0.5);
      expect(b.y + b.height, `"${text}" inside its tile`).toBeLessThanOrEqual(tileBox.y + tileBox.height + 0.5);
      // Not cut either: the whole text is drawn.
      expect(await part.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), `"${text}" shown whole`).toBe(true);
    }
  }
  const header = await Promise.all(
    ['.dms-ls-title', '[data-testid="ls-back"]', '[data-testid="ls-clock"]'].map((s) => box(page.locator(s))),
  );
  for (const [i, a] of header.entries())
    for (const b of header.slice(i + 1)) expect(overlap(a, b), `header parts overlap at ${width} in ${lang}`).toBe(false);
}

export function endUserScreens(): Screen[] {
  return [
    {
      name: 'dashboard',
      path: '/dashboard',
      ready: 'dashboard-fleet',
      widths: WITH_800,
      each: async ({ page, lang }) => {
        const section = page.getByTestId('dashboard-fleet');
        await expect(section.getByTestId('fleet-count-all')).toBeVisible();
        await expect(section.getByTestId('fleet-hours-chart')).toBeVisible();
        if (lang === 'en') return;
        await expect(section).toContainText(FLEET_TEXTS[lang].fleet);
        expect(await section.innerText()).not.toMatch(FLEET_ENGLISH);
      },
    },
    // The device list fits 1440 px, its fixed columns covering no neighbour.
    {
      name: 'devices',
      path: '/devices/devices-show',
      ready: 'devices-table',
      english: DEVICE_ENGLISH,
      widths: WITH_800,
      once: ({ page }) => expectTableFits(page, 'devices-table'),
    },
    { name: 'fault', path: '/devices/fault', ready: 'devices-table', english: DEVICE_ENGLISH, widths: WITH_800 },
    { name: 'warning', path: '/devices/warning', ready: 'devices-table' },
    { name: 'offline', path: '/devices/offline', ready: 'devices-table' },
    {
      // A demo device's company and address are written as its Chinese users write them, in every language.
      name: 'controller',
      path: '/devices/controller/100001/1',
      ready: 'register-table',
      english: DEVICE_ENGLISH,
      widths: WITH_800,
      each: async ({ page }) => {
        const info = shown(page, 'device-info');
        await expect(info.getByTestId('device-info-value-company')).toHaveText('苏州恒通精密机械有限公司', { timeout: 20_000 });
        await expect(info.getByTestId('device-info-value-location')).toContainText('江苏省');
        await expect(info.getByTestId('device-info-value-location')).toContainText('星湖街18号');
        await expect(info.getByTestId('device-info-value-contact')).toHaveText(/^\p{Script=Han}{2,3}$/u);
      },
    },
    { name: 'plc', path: '/devices/plcController/100003/1', ready: 'register-table', english: DEVICE_ENGLISH, widths: WITH_800 },
    { name: 'maglev', path: '/devices/maglev-controller/100002/1', ready: 'device-gauges', english: DEVICE_ENGLISH, widths: WITH_800 },
    { name: 'box', path: '/devices/box/100001', ready: 'box-controllers', english: DEVICE_ENGLISH, widths: WITH_800 },
    {
      name: 'map',
      path: '/devices/map',
      ready: 'fleet-map',
      widths: WITH_800,
      each: async ({ page, lang, width }) => {
        const map = page.getByTestId('fleet-map');
        await expect(map.getByTestId('map-marker').first()).toBeVisible({ timeout: 30_000 });
        // Fitted to the demo fleet (five cities of China) on a desktop, the provinces are named.
        if (width > 1000) await expect(map).toHaveAttribute('data-level', /provinces|cities/);
        expect((await box(map)).width, `the map at ${width} px`).toBeLessThanOrEqual(width);
        if (lang === 'en') return;
        await expect(page.locator('.dms-map-page')).toContainText(FLEET_TEXTS[lang].map);
        expect(await page.locator('.dms-map-page').innerText()).not.toMatch(FLEET_ENGLISH);
      },
    },
    {
      name: 'large-screen',
      path: '/large-screen',
      ready: 'large-screen',
      standalone: true,
      widths: [1440, 1920, 800, 390],
      once: async ({ page, lang }) => {
        await expect(page.getByTestId('ls-count-all')).not.toHaveAttribute('data-count', '0');
        if (lang === 'en') return;
        await expect(page.getByTestId('large-screen')).toContainText(FLEET_TEXTS[lang].screen);
        expect(await page.getByTestId('large-screen').innerText()).not.toMatch(FLEET_ENGLISH);
      },
      each: async (at) => {
        await expect(at.page.getByTestId('ls-map').getByTestId('map-marker').first()).toBeVisible();
        if (at.width === 390) await largeScreenHeadFits(at);
        if (at.width >= 1440) await largeScreenTilesFit(at);
      },
    },
  ];
}
