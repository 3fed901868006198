import type { FleetSummary } from '@dms/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, screenshot, signIn, test } from './fixtures.js';

/**
 * The large screen (/large-screen) fits its window: at phone width the title, the live mark and the back link never
 * lie over one another in any language, and at wall sizes every count and figure stays inside its tile, even with
 * a fleet much larger than the demo's (the summary is enlarged on its way to the page).
 */

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'element is laid out').not.toBeNull();
  return box ?? { x: 0, y: 0, width: 0, height: 0 };
}

function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Figures of a large fleet: three- and four-digit counts, "188/188" boxes. */
async function enlargeSummary(page: Page): Promise<void> {
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

async function openScreen(page: Page, lang: string, width: number, height: number): Promise<void> {
  await page.setViewportSize({ width, height });
  await signIn(page, 'demo_end_user', lang);
  await page.goto('/large-screen');
  await expect(page.getByTestId('large-screen')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('ls-boxes')).toContainText('/');
}

const LANGS = ['en', 'zh', 'es', 'ja'] as const;

for (const lang of LANGS) {
  test(`at 390 px in ${lang} the title, the live mark and the back link do not overlap`, async ({ page }) => {
    await openScreen(page, lang, 390, 844);
    const title = page.locator('.dms-ls-title');
    const live = page.getByTestId('large-screen').getByTestId('live-state');
    const back = page.getByTestId('ls-back');
    const clock = page.getByTestId('ls-clock');
    const boxes = { title: await boxOf(title), live: await boxOf(live), back: await boxOf(back), clock: await boxOf(clock) };
    const names = Object.keys(boxes) as (keyof typeof boxes)[];
    for (const [i, a] of names.entries())
      for (const b of names.slice(i + 1)) expect(overlap(boxes[a], boxes[b]), `${a} overlaps ${b} in ${lang}`).toBe(false);
    for (const name of names) expect(boxes[name].x + boxes[name].width, `${name} inside the window`).toBeLessThanOrEqual(390 + 0.5);
    // The back link reads in full (no ellipsis) at phone width.
    expect(await back.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await screenshot(page, `large-screen-390-${lang}`);
  });
}

for (const width of [1440, 1920]) {
  for (const lang of LANGS) {
    test(`at ${width} px in ${lang} every figure lies within its tile`, async ({ page }) => {
      await enlargeSummary(page);
      await openScreen(page, lang, width, width === 1440 ? 900 : 1080);
      await expect(page.getByTestId('ls-boxes')).toContainText('188/188');
      const tiles = page.locator('.dms-ls-figure, .dms-ls-count');
      expect(await tiles.count()).toBeGreaterThanOrEqual(6);
      // The tiles keep to their column (a figure too wide must not widen its tile past the column either).
      const column = await boxOf(page.locator('.dms-ls-left'));
      for (const tile of await tiles.all()) {
        const tileBox = await boxOf(tile);
        expect(tileBox.x + tileBox.width, 'tile inside its column').toBeLessThanOrEqual(column.x + column.width + 0.5);
        for (const part of await tile.locator('.dms-ls-figure-value, .dms-ls-count-value, .dms-ls-figure-label').all()) {
          const box = await boxOf(part);
          const text = await part.innerText();
          expect(box.x, `"${text}" starts inside its tile`).toBeGreaterThanOrEqual(tileBox.x - 0.5);
          expect(box.x + box.width, `"${text}" ends inside its tile`).toBeLessThanOrEqual(tileBox.x + tileBox.width + 0.5);
          expect(box.y + box.height, `"${text}" inside its tile`).toBeLessThanOrEqual(tileBox.y + tileBox.height + 0.5);
          // Not cut either: the whole text is drawn.
          expect(await part.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), `"${text}" shown whole`).toBe(true);
        }
      }
      const header = ['.dms-ls-title', '[data-testid="ls-back"]', '[data-testid="ls-clock"]'];
      const headerBoxes = await Promise.all(header.map((s) => boxOf(page.locator(s))));
      for (const [i, a] of headerBoxes.entries())
        for (const b of headerBoxes.slice(i + 1)) expect(overlap(a, b), `header parts overlap at ${width} in ${lang}`).toBe(false);
      await screenshot(page, `large-screen-${width}-${lang}`);
    });
  }
}
