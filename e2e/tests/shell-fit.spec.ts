import type { Locator, Page } from '@playwright/test';
import { apiGet, ownBox } from './boxes.js';
import { apiLogin, expect, expectShown, openGroup, openShell, reg, screenshot, shown, signIn, test } from './fixtures.js';

/**
 * Issue 11, points 8-11: the shell fits its content in every language, at desktop and phone width. Sidebar titles cut
 * off by the sidebar's width show in full on hover; the tags bar keeps the active tab in view; the device list fits
 * 1440 px without scrolling sideways and its fixed columns cover none of their neighbours; toolbars wrap at phone
 * width; the operation and server logs have the title card of every list; every "Live" mark is the same mark.
 * Issue 18 §7: so do the sub-manager and helper lists and the tables of their devices, the template dialog's select,
 * the event templates' type select and the dashboard feed's company.
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

/** The ids of demo_manager's demo sub-manager and helper (the page signed in as demo_manager). */
async function demoPeople(page: Page): Promise<{ sub: number; helper: number }> {
  const token = await apiLogin(page.request, 'demo_manager');
  const id = async (path: string, username: string) =>
    ((await apiGet(page.request, token, `${path}?q=${username}`)).data as { items: Array<{ id: number; username: string }> }).items.find(
      (u) => u.username === username,
    )?.id ?? 0;
  return { sub: await id('/user_register/get_managers', 'demo_submanager'), helper: await id('/user_register/get_helpers', 'demo_helper') };
}

/**
 * The shown table `testId` fits its card: it does not scroll sideways, it has fixed columns, each column starts where
 * the one before it ends (none lies under a fixed one), and a row's cells hold their content.
 */
async function expectTableFits(page: Page, testId: string): Promise<void> {
  const table = shown(page, testId);
  await expect(table.locator('thead th').first()).toBeVisible();
  await expect(table.locator('.ant-spin-spinning')).toHaveCount(0);
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
}

/** `inner` lies within `outer` from side to side. */
async function expectWithin(inner: Locator, outer: Locator, what: string): Promise<void> {
  const i = await box(inner);
  const o = await box(outer);
  expect(i.x, `${what} starts inside`).toBeGreaterThanOrEqual(o.x - 0.5);
  expect(i.x + i.width, `${what} ends inside`).toBeLessThanOrEqual(o.x + o.width + 0.5);
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
  // A box of demo_manager's whose device goes from online to online with a fault: a row of the dashboard feed, with a
  // long company name.
  const feedBox = 2_080_000_000 + Math.floor(Math.random() * 4_000_000) * 10;
  const feedCompany = `E2E Shell Fit Compressor Works ${feedBox}`;
  ownBox(feedBox, feedCompany, 'screw-compressor', async (box) => {
    await box.publish(Date.now(), { [reg('screw-compressor', 'fault_bits')]: 0 });
    await box.publish(Date.now(), { [reg('screw-compressor', 'fault_bits')]: 1 });
  });

  for (const lang of LANGS) {
    test(`the device list, the people lists and their device tables fit 1440 px, fixed columns covering no neighbour (${lang})`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(DESKTOP);
      await signIn(page, 'demo_end_user', lang);
      await openShell(page, '/devices/devices-show');
      await expectTableFits(page, 'devices-table');
      await screenshot(page, `shell-devices-${lang}-1440`);

      await signIn(page, 'demo_manager', lang);
      const { sub, helper } = await demoPeople(page);
      for (const [path, tables] of [
        ['/usermanager/edit-manager', ['manager-table']],
        ['/usermanager/edit-helper', ['helper-table']],
        [`/usermanager/manager-device?userId=${sub}`, ['manager-assigned-table', 'manager-assignable-table']],
        [`/usermanager/helper-device?userId=${helper}`, ['helper-shared-table', 'helper-shareable-table']],
      ] as const) {
        await openShell(page, path);
        for (const table of tables) await expectTableFits(page, table);
        await screenshot(page, `shell-${path.split('/')[2]?.split('?')[0] ?? ''}-${lang}-1440`);
      }
    });
  }

  for (const lang of LANGS) {
    test(`controls fit their card at 390 and 1440 px: the fault records export's "Custom", the template and type selects, the feed's company (${lang})`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
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

      await signIn(page, 'demo_manager', lang);
      const { sub, helper } = await demoPeople(page);
      for (const [width, size] of [
        ['390', PHONE],
        ['1440', DESKTOP],
      ] as const) {
        await page.setViewportSize(size);
        // The event templates' type select stays inside its card.
        await openShell(page, '/devices/events/templates');
        const templates = shown(page, 'event-templates');
        await expect(templates.getByTestId('templates-type')).toBeVisible();
        await expectWithin(templates.getByTestId('templates-type'), templates, `the type select at ${width} px`);
        await screenshot(page, `shell-event-templates-${lang}-${width}`);

        // The helper's permission template dialog: the select is as wide as the dialog, so the names read in full.
        await openShell(page, '/usermanager/edit-helper');
        await shown(page, 'helper-template-demo_helper').click();
        const select = page.getByTestId('helper-template-select');
        await expect(select).toBeVisible();
        const body = page.locator('.ant-modal-body:visible');
        // Measured once the dialog's opening animation (a zoom) is over.
        await expect(async () => {
          expect((await box(select)).width, `the template select at ${width} px`).toBeGreaterThanOrEqual((await box(body)).width - 1);
          await expectWithin(select, body, `the template select at ${width} px`);
        }).toPass({ timeout: 5000 });
        await screenshot(page, `shell-template-dialog-${lang}-${width}`);
        await page.keyboard.press('Escape');
        await expect(select).toBeHidden();

        // The dashboard feed's company keeps a readable width (8em), inside its row.
        await openShell(page, '/dashboard');
        const row = page.locator(`[data-testid="fleet-feed-row"][data-box-id="${feedBox}"]`).first();
        await expect(row).toBeVisible({ timeout: 20_000 });
        const company = row.locator('.dms-feed-company');
        await expect(company).toHaveText(feedCompany);
        expect((await box(company)).width, `the feed's company at ${width} px`).toBeGreaterThanOrEqual(100);
        await expectWithin(company, row, `the feed's company at ${width} px`);
        await screenshot(page, `shell-dashboard-feed-${lang}-${width}`);

        // The user-management pages do not run off the side (their tables scroll inside their cards).
        for (const path of [
          '/usermanager/edit-manager',
          '/usermanager/edit-helper',
          `/usermanager/manager-device?userId=${sub}`,
          `/usermanager/helper-device?userId=${helper}`,
        ]) {
          await openShell(page, path);
          await expect(page.locator('.dms-page:not([hidden]) .ant-table').first()).toBeVisible();
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
        }
      }
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
