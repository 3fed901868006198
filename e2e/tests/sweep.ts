import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, goInApp, type Lang, screenshot, shown } from './fixtures.js';

/**
 * The language sweep's walk (language-sweep.spec.ts): a screen of the console, how to reach it and what it must show,
 * and the checks every screen gets in every language at every width: no raw translation key, nothing running off the
 * side, the title in the language, no console error, the active tab in view.
 */

/** The widths every screen is checked at: a desktop's and a phone's. */
export const WIDTHS = [1440, 390] as const;
/** With the width where the sidebar becomes a drawer, for the screens that were checked there. */
export const WITH_800 = [1440, 800, 390] as const;
export const HEIGHT: Record<number, number> = { 390: 844, 800: 900, 1440: 900, 1920: 1080 };

/** What a check of a screen is given. */
export interface At {
  page: Page;
  lang: Lang;
  width: number;
}

export interface Screen {
  /** Its name in messages and screenshots. */
  name: string;
  path: string;
  /** A test id in the shown page (or on the page, for a screen outside the shell) that is there once it loaded. */
  ready: string;
  /** Outside the shell (no tabs, no .dms-page): reached in the app all the same, checked on the whole page. */
  standalone?: boolean;
  /** Widths of its own (default WIDTHS), checked in this order. */
  widths?: readonly number[];
  /** English words it must not show in each other language (checked in the shown page's text). */
  english?: Partial<Record<Lang, readonly string[]>>;
  /** Checks of its own, once a language, at 1440 px (or its first width), before the checks at that width. */
  once?: (at: At) => Promise<void>;
  /** Checks of its own at each width. */
  each?: (at: At) => Promise<void>;
}

/** Each language's title suffix (the document title is "<page> - <the system's name>"). */
export const TITLE_SUFFIX: Record<Lang, string> = {
  en: ' - Device monitoring system',
  zh: ' - 设备监控系统',
  es: ' - Sistema de monitorización de dispositivos',
  ja: ' - デバイス監視システム',
};

const localesDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../web/src/locales/en');
/** The catalogues' top keys (web/src/locales/en/*.ts) and the server's message keys: a raw key starts with one. */
const NAMESPACES = [
  ...fs
    .readdirSync(localesDir)
    .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
    .map((f) => f.replace(/\.ts$/, '')),
  'error',
  'validation',
];
/** A translation key shown as is (translate() shows a missing key itself). */
export const RAW_KEY = new RegExp(`\\b(?:${NAMESPACES.join('|')})\\.[A-Za-z][A-Za-z0-9_]*(?:\\.[A-Za-z0-9_]+)*\\b`);

export type Box = { x: number; y: number; width: number; height: number };
export async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not shown');
  return b;
}

/** `inner` lies within `outer` from side to side. */
export async function expectWithin(inner: Locator, outer: Locator, what: string): Promise<void> {
  const i = await box(inner);
  const o = await box(outer);
  expect(i.x, `${what} starts inside`).toBeGreaterThanOrEqual(o.x - 0.5);
  expect(i.x + i.width, `${what} ends inside`).toBeLessThanOrEqual(o.x + o.width + 0.5);
}

/** How far the page runs off the side (0 or less: it does not scroll sideways). */
export const overflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The outermost elements that end past the window's right edge (tag, class, right edge, text), for a failure's message. */
const pastTheEdge = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const edge = document.documentElement.clientWidth;
    const past = Array.from(document.querySelectorAll<HTMLElement>('body *')).filter((el) => el.getBoundingClientRect().right > edge + 0.5);
    return past
      .filter((el) => !past.includes(el.parentElement as HTMLElement))
      .slice(0, 5)
      .map(
        (el) =>
          `<${el.tagName.toLowerCase()} class="${el.className}"> ends at ${Math.round(el.getBoundingClientRect().right)}: "${el.textContent.slice(0, 40)}"`,
      );
  });

/** The console's errors (console.error and uncaught exceptions) since the last call: collected from `page` on. */
export function consoleErrors(page: Page): () => string[] {
  let errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return () => {
    const seen = errors;
    errors = [];
    return seen;
  };
}

/** The active tab lies within the tags bar (the part of it shown). */
export async function expectActiveTabInView(page: Page, path: string): Promise<void> {
  // Checked in the page every 50 ms first (a retried assertion waits 100, 250, 500 ms between its tries); the
  // assertions below name what is wrong when that does not come true.
  const inView = await page
    .waitForFunction(
      (p) => {
        const bar = document.querySelector('[data-testid="tags-view"]')?.getBoundingClientRect();
        const tab = document.querySelector(`[data-testid="tag-${CSS.escape(p)}"]`);
        if (!bar || !tab?.classList.contains('dms-tag-active')) return false;
        const t = tab.getBoundingClientRect();
        return t.x >= bar.x - 0.5 && t.x + t.width <= bar.x + bar.width + 0.5;
      },
      path,
      { polling: 50, timeout: 5000 },
    )
    .then(
      () => true,
      () => false,
    );
  if (inView) return;
  const bar = page.getByTestId('tags-view');
  const tab = page.getByTestId(`tag-${path}`);
  await expect(tab).toHaveClass(/dms-tag-active/);
  await expect(async () => {
    const b = await box(bar);
    const t = await box(tab);
    expect(t.x, `${path}'s tab starts in the bar`).toBeGreaterThanOrEqual(b.x - 0.5);
    expect(t.x + t.width, `${path}'s tab ends in the bar`).toBeLessThanOrEqual(b.x + b.width + 0.5);
  }).toPass({ timeout: 5000 });
}

/** A screen's path without its query. */
export const pathOf = (screen: Screen): string => screen.path.split('?')[0] ?? screen.path;

/** The part of the page a screen's texts are read from. */
export const screenRoot = (page: Page, screen: Screen): Locator =>
  screen.standalone ? page.locator('body') : page.locator('.dms-page:not([hidden])');

/** Reaches `screen` inside the app (a link's navigation: the shell and its tabs stay) and waits until it loaded. */
export async function reach(page: Page, screen: Screen): Promise<void> {
  if (screen.standalone) {
    await page.evaluate((p) => {
      window.history.pushState({}, '', p);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, screen.path);
  } else {
    await goInApp(page, screen.path);
  }
  // Waited for in the page, checked every 50 ms: the shown page is the screen's, its ready element is shown and
  // nothing in it still loads. When that does not come true, the assertions below say which part did not.
  const loaded = await page
    .waitForFunction(
      ({ path, ready, standalone }) => {
        const root = standalone ? document.body : document.querySelector('.dms-page:not([hidden])');
        if (!root || (!standalone && root.getAttribute('data-path') !== path)) return false;
        const el = root.querySelector(`[data-testid="${CSS.escape(ready)}"]`);
        if (!el || el.getClientRects().length === 0 || getComputedStyle(el).visibility === 'hidden') return false;
        return root.querySelector('.ant-spin-spinning, .ant-skeleton') === null;
      },
      { path: decodeURI(pathOf(screen)), ready: screen.ready, standalone: screen.standalone === true },
      { polling: 50, timeout: 20_000 },
    )
    .then(
      () => true,
      () => false,
    );
  if (loaded) return;
  const ready = screen.standalone ? page.getByTestId(screen.ready) : shown(page, screen.ready);
  await expect(ready.first(), `${screen.name} loads`).toBeVisible({ timeout: 20_000 });
  await expect(screenRoot(page, screen).locator('.ant-spin-spinning, .ant-skeleton')).toHaveCount(0, { timeout: 20_000 });
}

/** The checks every screen gets at a width, in a language. */
export async function expectScreenFits(page: Page, screen: Screen, lang: Lang, width: number, takeErrors: () => string[]): Promise<void> {
  const where = `${screen.name} in ${lang} at ${width} px`;
  // Nothing runs off the side (the layout follows a resize within a frame or two).
  await expect
    .poll(() => overflow(page), { message: `${where}: the page scrolls sideways` })
    .toBeLessThanOrEqual(0)
    .catch(async (error: unknown) => {
      // Name what runs off the side, so that a failure seen once in CI can be found.
      throw new Error(`${String(error)}\npast the right edge:\n${(await pastTheEdge(page)).join('\n')}`);
    });
  // The breadcrumb is one line: its shown steps all start at about the same height (none wrapped under the tags bar).
  const crumbDrop = await page.evaluate(() => {
    const tops = Array.from(document.querySelectorAll('[data-testid="breadcrumb"] li'))
      .filter((li) => li.getClientRects().length > 0)
      .map((li) => li.getBoundingClientRect().top);
    return tops.length === 0 ? 0 : Math.max(...tops) - Math.min(...tops);
  });
  expect(crumbDrop, `${where}: the breadcrumb on one line`).toBeLessThanOrEqual(8);
  const text = await page.locator('body').innerText();
  expect(text.match(RAW_KEY)?.[0], `${where}: a raw translation key`).toBeUndefined();
  const title = await page.title();
  expect(title.match(RAW_KEY)?.[0], `${where}: a raw key in the title`).toBeUndefined();
  expect(title.endsWith(TITLE_SUFFIX[lang]), `${where}: the title "${title}" in ${lang}`).toBe(true);
  const words = screen.english?.[lang] ?? [];
  if (words.length > 0) {
    const own = await screenRoot(page, screen).innerText();
    for (const word of words) expect(own, `${where}: English "${word}"`).not.toContain(word);
  }
  expect(takeErrors(), `${where}: console errors`).toEqual([]);
}

/** Resizes the window and lets the layout follow (the resize's handlers and observers run within two frames). */
export async function resize(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: HEIGHT[width] ?? 900 });
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => {
          requestAnimationFrame(() => {
            resolve();
          });
        });
      }),
  );
}

/**
 * Walks `screens` as they are listed, in the app, in `lang`: each reached once at the width the walk is at, then
 * checked at each of its widths from there (a phone's, then a desktop's, then back: screens are reached at both), with
 * a screenshot at all but 800 px (e2e/screenshots/sweep-<lang>-<who>-<screen>-<width>.png). Its own checks run once at 1440 px
 * (`once`) and at each width (`each`). A screen whose path is in `titles` shows that title once reached.
 */
export async function walk(
  page: Page,
  who: string,
  lang: Lang,
  screens: readonly Screen[],
  takeErrors: () => string[],
  titles?: ReadonlyMap<string, string>,
): Promise<void> {
  for (const screen of screens) {
    const all = screen.widths ?? WIDTHS;
    const at = page.viewportSize()?.width;
    const widths = at === all[all.length - 1] ? [...all].reverse() : all;
    const first = widths[0] ?? 1440;
    if (at !== first) await resize(page, first);
    await reach(page, screen);
    const title = titles?.get(pathOf(screen));
    if (title !== undefined) await expect(page, `${screen.name}'s title`).toHaveTitle(title);
    // A page just opened has its tab brought into view in the tags bar.
    if (!screen.standalone) await expectActiveTabInView(page, new URL(page.url()).pathname);
    const onceAt = widths.includes(1440) ? 1440 : first;
    for (const width of widths) {
      if (width !== first) await resize(page, width);
      if (width === onceAt && screen.once) await screen.once({ page, lang, width });
      await expectScreenFits(page, screen, lang, width, takeErrors);
      if (screen.each) await screen.each({ page, lang, width });
      // Pictures at the phone's and the desktop's width, for people to look at.
      if (width !== 800) await screenshot(page, `sweep-${lang}-${who}-${screen.name}-${width}`);
    }
  }
}

/**
 * The shown table `testId` fits its card: it does not scroll sideways, it has fixed columns, each column starts where
 * the one before it ends (none lies under a fixed one), and a row's cells hold their content.
 */
export async function expectTableFits(page: Page, testId: string): Promise<void> {
  const table = shown(page, testId);
  await expect(table.locator('thead th').first()).toBeVisible();
  await expect(table.locator('.ant-spin-spinning')).toHaveCount(0);
  // Measured once the table's layout settled (the sweep may have resized the window just before).
  await expect(async () => {
    const scroller = table.locator('.ant-table-content, .ant-table-body').first();
    const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(scrollWidth, `${testId}: no sideways scroll`).toBeLessThanOrEqual(clientWidth);

    const heads = table.locator('thead > tr > th');
    const count = await heads.count();
    const boxes: Box[] = [];
    for (let i = 0; i < count; i++) boxes.push(await box(heads.nth(i)));
    const classes: string[] = await heads.evaluateAll((ths) => ths.map((th) => th.getAttribute('class') ?? ''));
    // Each column starts where the one before it ends: none lies under another (a fixed one over its neighbour).
    for (let i = 1; i < count; i++) {
      const before = boxes[i - 1] as Box;
      const here = boxes[i] as Box;
      expect(here.x, `${testId}: column ${i} (${classes[i]}) starts after column ${i - 1} ends`).toBeGreaterThanOrEqual(
        before.x + before.width - 1,
      );
    }
    expect(
      classes.some((c) => c.includes('ant-table-cell-fix')),
      `${testId} has fixed columns`,
    ).toBe(true);
    // A row's cells do the same: a status tag or the links do not run into the next cell.
    const row = table.locator('tbody tr.ant-table-row').first();
    if ((await row.count()) > 0) {
      const overlaps = await row.evaluate((tr) => {
        const cells = Array.from(tr.querySelectorAll(':scope > td'));
        return cells
          .map((td) => {
            const cell = td.getBoundingClientRect();
            const wide = Array.from(td.querySelectorAll('*')).some((el) => el.getBoundingClientRect().right > cell.right + 1);
            return wide && getComputedStyle(td).textOverflow !== 'ellipsis' ? td.className : null;
          })
          .filter((c) => c !== null);
      });
      expect(overlaps, `${testId}: cells whose content runs out`).toEqual([]);
    }
  }).toPass({ timeout: 10_000 });
}

/**
 * The sidebar's titles at 1440 px (issue 11): one cut off by the sidebar's width (210 px) shows in full on hover, one
 * that fits shows no tooltip. Every group is opened first.
 */
export async function expectSidebarTitlesRead(page: Page, lang: Lang): Promise<void> {
  const sidebar = page.getByTestId('sidebar');
  for (const group of await sidebar.locator('.ant-menu-submenu-title').all()) {
    if ((await group.getAttribute('aria-expanded')) === 'true') continue;
    await expect(async () => {
      if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
      await expect(group).toHaveAttribute('aria-expanded', 'true', { timeout: 2000 });
    }).toPass({ timeout: 15_000 });
  }
  // Wait for the groups' opening animations to end before measuring.
  await expect(async () => {
    const heights = await sidebar.locator('.ant-menu-sub').evaluateAll((subs) => subs.map((s) => s.getBoundingClientRect().height));
    await page.waitForTimeout(300);
    const again = await sidebar.locator('.ant-menu-sub').evaluateAll((subs) => subs.map((s) => s.getBoundingClientRect().height));
    expect(again).toEqual(heights);
  }).toPass();

  const labels = await sidebar
    .locator('.dms-menu-label')
    .evaluateAll((els) => els.map((el, i) => ({ i, text: el.textContent, cut: el.scrollWidth > el.clientWidth })));
  const cut = labels.filter((l) => l.cut);
  const fits = labels.filter((l) => !l.cut);
  // Each language's long titles (Registro de operaciones, イベントテンプレート) are still cut at 210 px.
  expect(cut.length, `cut titles in ${lang}`).toBeGreaterThan(0);
  for (const label of cut) {
    const el = sidebar.locator('.dms-menu-label').nth(label.i);
    await el.hover();
    const tip = page.locator('.dms-menu-label-tip:not(.ant-tooltip-hidden)');
    await expect(tip).toBeVisible();
    await expect(tip).toHaveText(label.text);
    // The whole text is in the window.
    const b = await box(tip);
    expect(b.x + b.width).toBeLessThanOrEqual(1440);
    await screenshot(page, `sweep-sidebar-tip-${lang}-${label.i}`);
    await page.mouse.move(800, 600);
    await expect(tip).toBeHidden();
  }
  // A title that fits has no tooltip.
  const short = fits[0];
  if (!short) throw new Error('no title fits');
  await sidebar.locator('.dms-menu-label').nth(short.i).hover();
  await page.waitForTimeout(500);
  await expect(page.locator('.dms-menu-label-tip:not(.ant-tooltip-hidden)')).toHaveCount(0);
  await page.mouse.move(800, 600);
}

/** What the sweep set up: its own boxes and the ids of the pages that take one. */
export interface SweepWorld {
  /** demo_manager's screw compressor with two faults and a warning (oldest first: high discharge temperature, main
   *  motor overload, high ambient temperature). */
  faultBox: number;
  /** demo_manager's maglev blower with readings of the last hour and a fault record (Surge, set at faultStart). */
  blower: number;
  faultStart: number;
  /** demo_manager's box whose fault is toggled before its dashboard opens: the feed's newest row. */
  feedBox: number;
  feedCompany: string;
  toggleFeed: () => Promise<void>;
  /** demo_manager's demo sub-manager and helper; a permission template's id; a controller type's id; DTU-4G's id. */
  sub: number;
  helper: number;
  template: number;
  controllerType: number;
  boxType: number;
}

export const english = (words: Record<'zh' | 'es' | 'ja', readonly string[]>) => words;
/** English words the device screens must not show in each other language. */
export const DEVICE_ENGLISH = english({
  zh: ['Device list', 'Online', 'Columns', 'Export', 'Registers', 'Device information'],
  es: ['Device list', 'Columns', 'Registers', 'Device information', 'Status'],
  ja: ['Device list', 'Online', 'Columns', 'Export', 'Registers', 'Device information'],
});

/** The page the shell shows. */
export const shownPage = (page: Page) => page.locator('.dms-page:not([hidden])');
/** The card title of the shown page is `titles[lang]`. */
export const titled =
  (titles: Record<Lang, string>) =>
  async ({ page, lang }: At): Promise<void> => {
    await expect(shownPage(page).getByText(titles[lang]).first()).toBeVisible();
  };
