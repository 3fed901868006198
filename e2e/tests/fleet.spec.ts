import type { FleetSummary, MapPoint } from '@dms/contract';
import type { APIRequestContext, Locator } from '@playwright/test';
import type { MqttClient } from 'mqtt';
import { apiGet as getJson, connectBox, registerBoxes, sayHello } from './boxes.js';
import { asRole, baseUrl, expect, expectShown, fromMenu, openShell, reg, screenshot, test, tokenOf } from './fixtures.js';

/**
 * The fleet at a glance: map monitoring (/devices/map), the dashboard's fleet figures and the large screen
 * (/large-screen). The demo fleet (boxes 100001-100005 of demo_end_user, 100006 of demo_manager) gives the points;
 * a status change at a known moment comes from a box this file registers and speaks MQTT as. Each in each language
 * and width: language-sweep.spec.ts; the API's scoping of the map: server/test/fleet.test.ts and visibility-matrix.test.ts.
 */

const api = (path: string) => `${baseUrl()}/api/v2${path}`;

function localMidnight(): number {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
}

const placedCount = (points: readonly MapPoint[]) => points.filter((p) => p.lng !== null && p.lat !== null).length;

/** The devices the map's markers stand for (a cluster counts its members). */
async function markerTotal(map: Locator): Promise<number> {
  const counts = await map.getByTestId('map-marker').evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-count'))));
  return counts.reduce((a, b) => a + b, 0);
}

// ---- a box of our own, for status changes at known moments ----

const RUN_STATE = reg('screw-compressor', 'run_state');
const DISCHARGE_PRESSURE = reg('screw-compressor', 'discharge_pressure');
const FAULT_BITS = reg('screw-compressor', 'fault_bits');
const ALERT_BITS = reg('screw-compressor', 'alert_bits');

interface TestBox {
  boxId: number;
  client: MqttClient;
  /** Publishes one snapshot of controller 1 (screw compressor) with the fault register's word. */
  report(faultBits: number): Promise<void>;
  close(): Promise<void>;
}

/** Registers a fresh box to demo_end_user (as demo_root), connects as it and says hello with one screw compressor. */
async function startBox(request: APIRequestContext): Promise<TestBox> {
  const boxId = 30_000_000 + Math.floor(Math.random() * 60_000_000);
  const password =
    (await registerBoxes(request, 'demo_end_user', boxId, boxId, { boxType: 'E2E-FLEET', companyName: 'E2E Fleet Co.' }))[0]?.password ??
    '';
  const client = await connectBox(boxId, password);
  await sayHello(client, boxId, [{ index: 1, type: 'screw-compressor' }], { boxType: 'E2E-FLEET' });
  let ts = Date.now();
  const report = async (faultBits: number) => {
    ts = Math.max(ts + 1, Date.now());
    await client.publishAsync(
      `box/${boxId}/up/data`,
      JSON.stringify({
        v: 1,
        seq: ts,
        ts,
        c: { '1': { [RUN_STATE]: 2, [DISCHARGE_PRESSURE]: 72, [FAULT_BITS]: faultBits, [ALERT_BITS]: 0 } },
      }),
      { qos: 1 },
    );
  };
  return { boxId, client, report, close: () => client.endAsync() };
}

// The demo fleet's devices appear when the simulator's boxes say hello and get their places a few seconds later:
// wait for them once, so the first test does not race a freshly started server.
test.beforeAll(async ({ request }) => {
  const token = tokenOf('demo_end_user');
  await expect
    .poll(async () => placedCount((await getJson(request, token, '/fleet/map')).data as MapPoint[]), { timeout: 40_000 })
    .toBeGreaterThanOrEqual(5);
});

test.describe('map monitoring', () => {
  test('opened from the menu, it shows the fleet, filters by status and links a device to its page', async ({ page }) => {
    const token = await asRole(page, 'demo_end_user');
    // Fully offline: everything the map needs (the world's countries too) comes from the console's own server.
    const elsewhere: string[] = [];
    const own = new URL(baseUrl()).host;
    page.on('request', (r) => {
      const url = new URL(r.url());
      if ((url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'ws:' || url.protocol === 'wss:') && url.host !== own)
        elsewhere.push(r.url());
    });
    const world = page.waitForResponse((r) => /\/assets\/countries-50m-[^/]+\.json$/.test(new URL(r.url()).pathname));
    await openShell(page, '/dashboard');
    await fromMenu(page, 'Devices', 'deviceMap');
    await expectShown(page, /\/devices\/map$/);

    // Every device of the user with a position is on the map, as many as the API has (and only the user's).
    const all = await getJson(page.request, token, '/fleet/map');
    expect(all.code).toBe(20000);
    const points = all.data as MapPoint[];
    expect(points.length).toBeGreaterThan(0);
    expect(points.some((p) => p.boxId === 100_006)).toBe(false);
    const map = page.getByTestId('fleet-map');
    await expect(page.getByTestId('map-count')).toHaveAttribute('data-count', String(placedCount(points)));
    await expect(map.getByTestId('map-marker').first()).toBeVisible();
    expect((await world).status()).toBe(200);
    expect(elsewhere).toEqual([]);
    // The view starts fitted to the devices: every one of them is within a marker.
    await expect.poll(() => markerTotal(map)).toBe(placedCount(points));
    await screenshot(page, 'fleet-map');

    // Filter: online only (the simulator changes statuses now and then, so compare with the API until they agree).
    await page.getByTestId('map-filter-online').click();
    await expect(page).toHaveURL(/\/devices\/map\?status=online$/);
    await expect(async () => {
      const online = (await getJson(page.request, token, '/fleet/map?status=online')).data as MapPoint[];
      expect(online.every((p) => p.status === 'online')).toBe(true);
      expect(Number(await page.getByTestId('map-count').getAttribute('data-count'))).toBe(placedCount(online));
      const statuses = await map.getByTestId('map-marker').evaluateAll((els) => els.map((el) => el.getAttribute('data-status')));
      expect(statuses.every((s) => s === 'online')).toBe(true);
    }).toPass({ timeout: 20_000 });
    await page.getByTestId('map-filter-all').click();
    await expectShown(page, /\/devices\/map$/);
    await expect(page.getByTestId('map-count')).toHaveAttribute('data-count', String(placedCount(points)));

    // Click clusters until one device stands alone, then its popup links to its page.
    const single = map.locator('[data-testid="map-marker"][data-kind="device"]');
    for (let i = 0; i < 8 && (await single.count()) === 0; i += 1) {
      await map.locator('[data-testid="map-marker"][data-kind="cluster"]').first().click();
      await page.waitForTimeout(300);
    }
    const marker = single.first();
    const boxId = await marker.getAttribute('data-box-id');
    const deviceId = Number(await marker.getAttribute('data-device-id'));
    const point = points.find((p) => p.id === deviceId);
    expect(point?.boxId).toBe(Number(boxId));
    await marker.click();
    const popup = page.getByTestId('map-popup');
    await expect(popup).toBeVisible();
    await expect(popup).toContainText(String(point?.boxId));
    await expect(popup).toContainText(point?.company ?? '');
    await expect(popup.getByTestId('map-popup-status')).toHaveAttribute('data-status', /.+/);
    // How the user reaches it (issue 12), as the API says.
    await expect(popup.getByTestId('map-popup-reach')).toHaveAttribute('data-how', point?.reach.how ?? '-');
    await page.waitForTimeout(400);
    await screenshot(page, 'fleet-map-popup');
    await popup.getByTestId('map-popup-open').click();
    // The device's own page, by its kind (a maglev blower's or a PLC's has its own route).
    const route = point?.kind === 'plc' ? 'plcController' : point?.kind === 'maglev' ? 'maglev-controller' : 'controller';
    await expectShown(page, new RegExp(`/devices/${route}/${point?.boxId}/${point?.controller}$`));
  });
});

test.describe('dashboard fleet figures', () => {
  test('the counts are the API counts and each leads to its list', async ({ page }) => {
    const token = await asRole(page, 'demo_end_user');
    await openShell(page, '/dashboard');
    const fleet = page.getByTestId('dashboard-fleet');
    await expect(fleet.getByTestId('fleet-count-all')).toBeVisible();
    await expect(async () => {
      const data = (await getJson(page.request, token, `/fleet/summary?since=${localMidnight()}`)).data as FleetSummary;
      const c = data.counts;
      const expected: Record<string, number> = {
        all: c.all,
        online: c.online,
        offline: c.offline,
        alert: c.online_alert + c.offline_alert,
        fault: c.online_fault + c.offline_fault,
        unregistered: c.unregistered,
      };
      for (const [key, value] of Object.entries(expected)) {
        expect(Number(await fleet.getByTestId(`fleet-count-${key}`).getAttribute('data-count')), key).toBe(value);
      }
      expect(Number(await fleet.getByTestId('fleet-faults-today').getAttribute('data-value'))).toBe(data.faultsToday);
      expect(await fleet.getByTestId('fleet-boxes').getAttribute('data-value')).toBe(`${data.boxes.online}/${data.boxes.total}`);
    }).toPass({ timeout: 20_000 });
    expect(Number(await fleet.getByTestId('fleet-count-all').getAttribute('data-count'))).toBeGreaterThan(0);
    await expect(fleet.getByTestId('fleet-hours-chart')).toBeVisible();
    await screenshot(page, 'fleet-dashboard');

    await fleet.getByTestId('fleet-count-fault').click();
    await expectShown(page, /\/devices\/fault$/);
    await page.goBack();
    await fleet.getByTestId('fleet-count-online').click();
    await expect(page).toHaveURL(/\/devices\/devices-show\?status=online$/);
    await page.goBack();
    await fleet.getByTestId('fleet-count-offline').click();
    await expectShown(page, /\/devices\/offline$/);
    await page.goBack();
    await fleet.getByTestId('fleet-count-alert').click();
    await expectShown(page, /\/devices\/warning$/);
  });
});

test.describe('live status changes', () => {
  test('a fault set by a box appears in the dashboard feed, on the large screen and on the map without reload', async ({
    page,
    context,
    request,
  }) => {
    const box = await startBox(request);
    const root = tokenOf('demo_root');
    try {
      await box.report(0);
      // Put the box's device on the map, far from the demo fleet (in Xinjiang), so it stands alone there; the test
      // takes it off the map again at the end, so reruns against the same server do not pile devices up there.
      const lng = 78 + Math.random() * 14;
      const lat = 38 + Math.random() * 8;
      await expect(async () => {
        const res = await request.patch(api(`/devices/${box.boxId}/1`), {
          headers: { authorization: `Bearer ${root}` },
          data: { lng, lat, province: 'Xinjiang', city: 'Urumqi' },
        });
        expect(((await res.json()) as { code: number }).code).toBe(20000);
      }).toPass({ timeout: 10_000 });
      await asRole(page, 'demo_end_user');
      await openShell(page, '/dashboard');
      const feed = page.getByTestId('dashboard-fleet');
      await expect(feed.getByTestId('fleet-count-all')).toBeVisible();
      await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'live');

      const wall = await context.newPage();
      await wall.setViewportSize({ width: 1920, height: 1080 });
      await wall.goto('/large-screen');
      await expect(wall.getByTestId('large-screen')).toBeVisible({ timeout: 30_000 });
      await expect(wall.getByTestId('live-state')).toHaveAttribute('data-state', 'live');
      const before = Number(await wall.getByTestId('ls-faults-today').getAttribute('data-value'));

      const mapPage = await context.newPage();
      await mapPage.goto('/devices/map');
      const marker = mapPage.getByTestId('fleet-map').locator(`[data-testid="map-marker"][data-box-id="${box.boxId}"]`);
      await expect(marker).toHaveAttribute('data-status', 'online', { timeout: 30_000 });
      await expect(mapPage.getByTestId('live-state')).toHaveAttribute('data-state', 'live');

      // The fault bit sets: the device goes online → online fault.
      await box.report(1);
      await expect(marker).toHaveAttribute('data-status', 'online_fault', { timeout: 15_000 });
      await expect(marker).toHaveCSS('background-color', 'rgb(245, 34, 45)');
      const row = feed.locator(`[data-testid="fleet-feed-row"][data-box-id="${box.boxId}"][data-to="online_fault"]`);
      await expect(row).toBeVisible({ timeout: 15_000 });
      await expect(row).toContainText(`${box.boxId}-1`);
      const wallRow = wall.locator(`[data-testid="ls-feed-row"][data-box-id="${box.boxId}"][data-to="online_fault"]`);
      await expect(wallRow).toHaveCount(1, { timeout: 15_000 });
      // The figures follow (reloaded after the event): one more fault record today.
      await expect
        .poll(async () => Number(await wall.getByTestId('ls-faults-today').getAttribute('data-value')), { timeout: 15_000 })
        .toBeGreaterThan(before);
      await screenshot(wall, 'fleet-large-screen-1920');

      // It clears: the recovery shows up too.
      await box.report(0);
      await expect(feed.locator(`[data-testid="fleet-feed-row"][data-box-id="${box.boxId}"][data-to="online"]`)).toBeVisible({
        timeout: 15_000,
      });
      await expect(marker).toHaveAttribute('data-status', 'online', { timeout: 15_000 });
      await wall.close();
      await mapPage.close();
    } finally {
      await box.close();
      await request.patch(api(`/devices/${box.boxId}/1`), { headers: { authorization: `Bearer ${root}` }, data: { lng: null, lat: null } });
    }
  });
});

test.describe('large screen', () => {
  test('needs sign-in and opens from the dashboard and the map', async ({ page }) => {
    await page.goto('/large-screen');
    await expect(page).toHaveURL(/\/login\?redirect=%2Flarge-screen$/);

    await asRole(page, 'demo_end_user');
    await openShell(page, '/dashboard');
    await page.getByTestId('fleet-large-screen-link').click();
    await expect(page).toHaveURL(/\/large-screen$/);
    const screen = page.getByTestId('large-screen');
    await expect(screen).toBeVisible();
    await expect(page).toHaveTitle(/^Large screen - /);
    await expect(screen.getByTestId('ls-count-all')).not.toHaveAttribute('data-count', '0');
    await expect(screen.getByTestId('ls-map').getByTestId('map-marker').first()).toBeVisible();
    await expect(screen.getByTestId('ls-clock')).toHaveText(/\d{2}:\d{2}:\d{2}/);
    await expect(screen.getByTestId('ls-fullscreen')).toBeVisible();
    // Its map works as the page's: a device's popup leads to the device.
    const lsMap = screen.getByTestId('ls-map');
    const single = lsMap.locator('[data-testid="map-marker"][data-kind="device"]');
    for (let i = 0; i < 8 && (await single.count()) === 0; i += 1) {
      await lsMap.locator('[data-testid="map-marker"][data-kind="cluster"]').first().click();
      await page.waitForTimeout(300);
    }
    const boxId = await single.first().getAttribute('data-box-id');
    await single.first().click();
    await expect(page.getByTestId('map-popup')).toContainText(String(boxId));
    // An end user reaches a device as its owner, or through someone: never as an administrator.
    await expect(page.getByTestId('map-popup-reach')).toHaveAttribute('data-how', /^(owner|assigned|helper|shared|ck)$/);
    await page.waitForTimeout(300);
    await screenshot(page, 'fleet-large-screen-popup');
    await page.keyboard.press('Escape');
    await screen.getByTestId('ls-back').click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/devices/map');
    await page.getByTestId('map-large-screen').click();
    await expect(page).toHaveURL(/\/large-screen$/);
  });
});
