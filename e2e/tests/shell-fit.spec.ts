import type { Locator, Page } from '@playwright/test';
import { expect, expectShown, openGroup, openShell, screenshot, shown, signIn, test } from './fixtures.js';

/**
 * Issue 11, points 8-11: the shell fits its content in every language, at desktop and phone width. Sidebar titles cut
 * off by the sidebar's width show in full on hover; the tags bar keeps the active tab in view; the device list fits
 * 1440 px without scrolling sideways and its fixed columns cover none of their neighbours; toolbars wrap at phone
 * width; the operation and server logs have the title card of every list; every "Live" mark is the same mark.
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const LANGS = ['en', 'zh', 'es', 'ja'] as const;

type Box = { x: number; y: number; width: number; height: number };
async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not shown');
  return b;
}

/** Goes to a page of the shell inside the app (no reload, so the open tabs stay), as a link would. */
async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expectShown(page, new RegExp(`${path.replace(/[/-]/g, '\\$&')}(\\?|$)`));
}

test.describe('sidebar titles', () => {
  for (const lang of ['es', 'ja'] as const) {
    test(`a title cut off at 210 px shows in full on hover, one that fits shows no tooltip (${lang})`, async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      await signIn(page, 'demo_root', lang);
      await openShell(page, '/dashboard');
      const sidebar = page.getByTestId('sidebar');
      for (const group of await sidebar.locator('.ant-menu-submenu-title').all()) {
        const name = (await group.innerText()).trim();
        await openGroup(page, name);
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
        expect(b.x + b.width).toBeLessThanOrEqual(DESKTOP.width);
        await screenshot(page, `shell-sidebar-tip-${lang}-${label.i}`);
        await page.mouse.move(800, 600);
        await expect(tip).toBeHidden();
      }
      // A title that fits has no tooltip.
      const short = fits[0];
      if (!short) throw new Error('no title fits');
      await sidebar.locator('.dms-menu-label').nth(short.i).hover();
      await page.waitForTimeout(500);
      await expect(page.locator('.dms-menu-label-tip:not(.ant-tooltip-hidden)')).toHaveCount(0);
    });
  }
});

/** Pages of demo_root's menu, opened one after the other: more tabs than the bar shows at once. */
const PAGES = [
  '/devices/devices-show',
  '/devices/fault',
  '/devices/warning',
  '/devices/offline',
  '/devices/events/templates',
  '/devices/map',
  '/devices/export-errors',
  '/usermanager/change-password',
  '/box-reg-info/list',
  '/smartbox/ip-log',
  '/datalog/operation-log',
  '/datalog/server-log',
];

/** The active tab lies within the bar (the part of it shown). */
async function expectActiveTabInView(page: Page, path: string): Promise<void> {
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

test.describe('tags bar', () => {
  for (const [name, size] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test(`the active tab is scrolled into view, new and far ones (${name})`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(size);
      await signIn(page, 'demo_root', 'es');
      await openShell(page, '/dashboard');
      for (const path of PAGES) {
        await goInApp(page, path);
        await expectActiveTabInView(page, path);
      }
      // The bar is full: it scrolls.
      const overflow = await page.getByTestId('tags-view').evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow).toBeGreaterThan(0);
      // Far back to the first tabs, then to the last again.
      for (const path of [PAGES[0], '/dashboard', PAGES[5], PAGES[PAGES.length - 1]]) {
        if (!path) continue;
        await goInApp(page, path);
        await expectActiveTabInView(page, path);
      }
      await screenshot(page, `shell-tags-${name}`);
    });
  }
});

test.describe('tables fit', () => {
  for (const lang of LANGS) {
    test(`the device list fits 1440 px and its fixed columns cover no neighbour (${lang})`, async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      await signIn(page, 'demo_end_user', lang);
      await openShell(page, '/devices/devices-show');
      const table = shown(page, 'devices-table');
      await expect(table.locator('thead th').first()).toBeVisible();
      await expect(table.locator('.ant-spin-spinning')).toHaveCount(0);
      const scroller = table.locator('.ant-table-content, .ant-table-body').first();
      const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
      expect(scrollWidth, 'no sideways scroll').toBeLessThanOrEqual(clientWidth);

      const heads = table.locator('thead > tr > th');
      const count = await heads.count();
      const boxes: Box[] = [];
      for (let i = 0; i < count; i++) boxes.push(await box(heads.nth(i)));
      const classes: string[] = await heads.evaluateAll((ths) => ths.map((th) => th.getAttribute('class') ?? ''));
      // Each column starts where the one before it ends: none lies under another (a fixed one over its neighbour).
      for (let i = 1; i < count; i++) {
        const before = boxes[i - 1] as Box;
        const here = boxes[i] as Box;
        expect(here.x, `column ${i} (${classes[i]}) starts after column ${i - 1} ends`).toBeGreaterThanOrEqual(before.x + before.width - 1);
      }
      expect(classes.some((c) => c.includes('ant-table-cell-fix'))).toBe(true);
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
        expect(overlaps, 'cells whose content runs out').toEqual([]);
      }
      await screenshot(page, `shell-devices-${lang}-1440`);
    });
  }

  for (const lang of LANGS) {
    test(`the fault records export's toolbar wraps at 390 px: "Custom" is fully shown (${lang})`, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await signIn(page, 'demo_end_user', lang);
      await openShell(page, '/devices/export-errors');
      const card = shown(page, 'page-exportErrors');
      const custom = card.getByTestId('export-errors-range-custom');
      await expect(custom).toBeVisible();
      const item = card.locator('.ant-segmented-item', { has: page.getByTestId('export-errors-range-custom') });
      const b = await box(item);
      const c = await box(card);
      expect(b.x).toBeGreaterThanOrEqual(c.x);
      expect(b.x + b.width, '"Custom" ends inside the card').toBeLessThanOrEqual(c.x + c.width);
      expect(b.x + b.width, '"Custom" ends inside the screen').toBeLessThanOrEqual(PHONE.width);
      // Its whole text is shown, not cut by an ellipsis.
      const cut = await item.locator('.ant-segmented-item-label').evaluate((el) => el.scrollWidth > el.clientWidth);
      expect(cut).toBe(false);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `shell-export-errors-${lang}-390`);
      await page.setViewportSize(DESKTOP);
      await expect(custom).toBeVisible();
      await screenshot(page, `shell-export-errors-${lang}-1440`);
    });
  }
});

test.describe('alike pages', () => {
  for (const lang of LANGS) {
    test(`the operation log and the server log have the title card of every list (${lang})`, async ({ page }) => {
      const titles = {
        en: ['Operation log', 'Server log'],
        zh: ['操作日志', '服务器日志'],
        es: ['Registro de operaciones', 'Registro del servidor'],
        ja: ['操作ログ', 'サーバーログ'],
      }[lang];
      for (const [width, size] of [
        ['1440', DESKTOP],
        ['390', PHONE],
      ] as const) {
        await page.setViewportSize(size);
        await signIn(page, 'demo_root', lang);
        for (const [i, path] of ['/datalog/operation-log', '/datalog/server-log'].entries()) {
          await openShell(page, path);
          const head = page.locator('.dms-page:not([hidden]) .ant-card-head-title');
          await expect(head).toHaveText(titles[i] ?? '');
          await expect(shown(page, path.endsWith('operation-log') ? 'operation-log-table' : 'server-log-table')).toBeVisible();
          await screenshot(page, `shell-${path.split('/').at(-1)}-${lang}-${width}`);
        }
      }
    });
  }

  test('every "Live" mark is the same mark: dashboard, map, device list, chart and large screen', async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(DESKTOP);
    await signIn(page, 'demo_end_user', 'en');
    const hour = 3600_000;
    const marks: Array<[path: string, testId: string]> = [
      ['/dashboard', 'live-state'],
      ['/devices/map', 'live-state'],
      ['/devices/devices-show', 'devices-live'],
      ['/devices/fault', 'devices-live'],
      [`/devices/history-charts/100001-1/${Date.now() - hour}`, 'history-chart-live'],
    ];
    const looks: string[] = [];
    for (const [path, testId] of marks) {
      await openShell(page, path);
      const mark = shown(page, testId);
      await expect(mark, path).toBeVisible({ timeout: 20_000 });
      await expect(mark).toHaveClass(/(^| )dms-live( |$)/);
      await expect(mark).toHaveAttribute('data-state', 'live');
      await expect(mark.locator('.dms-live-dot')).toHaveCount(1);
      looks.push(
        await mark.evaluate((el) => {
          const s = getComputedStyle(el);
          const dot = getComputedStyle(el.querySelector('.dms-live-dot') as Element);
          const dotBox = (el.querySelector('.dms-live-dot') as Element).getBoundingClientRect();
          const size = `${Math.round(dotBox.width)}x${Math.round(dotBox.height)}`;
          return [s.fontSize, s.fontWeight, s.color, size, dot.borderRadius, dot.backgroundColor].join(' ');
        }),
      );
      await screenshot(page, `shell-live-${path.split('/')[2] ?? 'dashboard'}`);
    }
    // The same size, weight, colour and dot in every page of the console.
    expect(new Set(looks).size, looks.join(' | ')).toBe(1);
    // The large screen's (dark) mark is the same component, in its own colours.
    await page.goto('/large-screen');
    const wall = page.getByTestId('large-screen').getByTestId('live-state');
    await expect(wall).toBeVisible({ timeout: 20_000 });
    await expect(wall).toHaveClass(/(^| )dms-live( |$)/);
  });
});
