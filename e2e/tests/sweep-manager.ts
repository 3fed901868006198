import { dialogSettled, expect, reg, screenshot, shown } from './fixtures.js';
import {
  type At,
  box,
  DEVICE_ENGLISH,
  english,
  expectTableFits,
  expectWithin,
  resize,
  type Screen,
  shownPage,
  type SweepWorld,
  titled,
  WITH_800,
} from './sweep.js';

/**
 * demo_manager's screens in the language sweep (language-sweep.spec.ts), with the checks of their own: the people
 * lists and their device tables fit, the template dialog's select, the event templates' type select, the feed's
 * company, the active faults named in each language, the device information's dates, the history screens translated.
 */

/** English words of the history screens that must not show in another language. */
/** English words of the history screens that must not show in another language. */
const HISTORY_WORDS = [
  'Last hour',
  'Last 24 hours',
  'Last 7 days',
  'Choose registers',
  'snapshots',
  'Previous window',
  'Latest',
  'Hourly',
  'Daily',
  'Ongoing',
  'Duration',
  'Search registers',
  'Surge line',
  'Within the region',
  'controller',
  'Fault records',
  'History data',
  'Surge',
  'Flow',
];
const HISTORY_ENGLISH = english({ zh: HISTORY_WORDS, es: HISTORY_WORDS, ja: HISTORY_WORDS });

const FAULT_NAMES = {
  en: ['High ambient temperature', 'Main motor overload', 'High discharge temperature'],
  zh: ['环境温度过高', '主机过载', '排气温度过高'],
  es: ['Temperatura ambiente alta', 'Sobrecarga del motor principal', 'Temperatura de descarga alta'],
  ja: ['周囲温度高', '主モータ過負荷', '吐出温度異常高'],
} as const;

/**
 * The device information's dates use antd's DatePicker in the console's date format (YYYY-MM-DD in every language),
 * not the browser's own date input; cleared, the date is gone.
 */
async function installDateRoundTrip({ page, lang }: At): Promise<void> {
  await shown(page, 'device-info-edit').click();
  const form = page.getByTestId('device-info-form');
  const install = form.getByTestId('device-info-installDate');
  // antd's picker, not a native date input.
  await expect(form.locator('input[type="date"]')).toHaveCount(0);
  await expect(form.locator('.ant-picker')).toHaveCount(2);
  const input = form.locator('.ant-picker input').first();
  await dialogSettled(page);
  await input.click();
  const panel = page.locator('.ant-picker-dropdown:visible');
  await expect(panel).toBeVisible();
  await expect(panel.locator('.ant-picker-cell-today')).toBeVisible();
  // Let the panel's opening animation end before the picture.
  await page.waitForTimeout(400);
  await screenshot(page, `sweep-device-info-date-${lang}`);
  await input.fill('2024-03-05');
  await input.press('Enter');
  await expect(input).toHaveValue('2024-03-05');
  await expect(install).toBeVisible();
  // Clicking elsewhere in the dialog closes the panel and keeps the date.
  await page.locator('.ant-modal-title').click();
  await expect(panel).toHaveCount(0);
  await expect(input).toHaveValue('2024-03-05');
  await resize(page, 390);
  await install.scrollIntoViewIfNeeded();
  await screenshot(page, `sweep-device-info-date-${lang}-390`);
  await resize(page, 1440);
  await page.getByTestId('device-info-save').click();
  await expect(form).toBeHidden();
  await expect(shown(page, 'device-info')).toContainText('2024-03-05');

  // Cleared, the date is gone.
  await shown(page, 'device-info-edit').click();
  await expect(form.locator('.ant-picker input').first()).toHaveValue('2024-03-05');
  const picker = form.locator('.ant-picker').first();
  // The clear icon shows on hover; forced, the click does not wait for its fade-in. A click that lands while the
  // picker is still settling (a slow machine) is made again until the date is gone.
  await expect(async () => {
    await picker.hover();
    await picker.locator('.ant-picker-clear').click({ force: true, timeout: 2000 });
    await expect(picker.locator('input')).toHaveValue('', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.getByTestId('device-info-save').click();
  await expect(form).toBeHidden();
  await expect(shown(page, 'device-info')).not.toContainText('2024-03-05');
}

/** The helper's permission template dialog: the select is as wide as the dialog, so the names read in full. */
async function templateDialogFits({ page, width }: At): Promise<void> {
  await shown(page, 'helper-template-demo_helper').click();
  const select = page.getByTestId('helper-template-select');
  await expect(select).toBeVisible();
  const body = page.locator('.ant-modal-body:visible');
  // Measured once the dialog's opening animation (a zoom) is over.
  await expect(async () => {
    expect((await box(select)).width, `the template select at ${width} px`).toBeGreaterThanOrEqual((await box(body)).width - 1);
    await expectWithin(select, body, `the template select at ${width} px`);
  }).toPass({ timeout: 5000 });
  await screenshot(page, `sweep-template-dialog-${width}`);
  await page.keyboard.press('Escape');
  await expect(select).toBeHidden();
}

export function managerScreens(world: SweepWorld): Screen[] {
  const { blower, faultBox } = world;
  const FLOW = reg('maglev-blower', 'flow');
  const dayAgo = Math.floor((Date.now() - 86_400_000) / 1000) * 1000;
  const history = (name: string, path: string, titles: Record<'zh' | 'es' | 'ja', string>): Screen => ({
    name,
    path,
    ready: name,
    english: HISTORY_ENGLISH,
    widths: WITH_800,
    once: async ({ page, lang }) => {
      const card = shown(page, name);
      if (lang !== 'en') await expect(card.locator('.ant-card-head-title')).toHaveText(titles[lang]);
      await expect(card.locator('.ant-card-body')).not.toContainText('…', { timeout: 15_000 });
    },
  });
  return [
    {
      name: 'dashboard',
      path: '/dashboard',
      ready: 'dashboard-welcome',
      // The feed's company keeps a readable width (8em), inside its row.
      each: async ({ page, width }) => {
        const row = page.locator(`[data-testid="fleet-feed-row"][data-box-id="${world.feedBox}"]`).first();
        await expect(row).toBeVisible({ timeout: 20_000 });
        const company = row.locator('.dms-feed-company');
        await expect(company).toHaveText(world.feedCompany);
        expect((await box(company)).width, `the feed's company at ${width} px`).toBeGreaterThanOrEqual(100);
        await expectWithin(company, row, `the feed's company at ${width} px`);
      },
    },
    {
      name: 'add-device',
      path: '/usermanager/add-device',
      ready: 'add-device-box-id',
      each: async ({ page, lang }) => {
        const label = { en: 'CK code', zh: 'CK码', es: 'Código CK', ja: 'CKコード' }[lang];
        await expect(shownPage(page).getByText(label, { exact: true })).toBeVisible();
      },
    },
    {
      name: 'sub-managers',
      path: '/usermanager/edit-manager',
      ready: 'manager-table',
      once: ({ page }) => expectTableFits(page, 'manager-table'),
      each: async (at) => {
        await titled({ en: 'Sub-managers', zh: '下级管理员', es: 'Subadministradores', ja: 'サブ管理者' })(at);
        await expect(shown(at.page, 'manager-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
      },
    },
    { name: 'add-sub-manager', path: '/usermanager/add-manager', ready: 'add-manager-username' },
    {
      name: 'notifications',
      path: '/msg/notification-list',
      ready: 'notifications-table',
      once: ({ page }) => expectTableFits(page, 'notifications-table'),
      each: titled({ en: 'Notifications', zh: '通知', es: 'Notificaciones', ja: '通知' }),
    },
    {
      name: 'announcements',
      path: '/msg/announcement-list',
      ready: 'announcements-table',
      each: titled({ en: 'Announcements', zh: '公告', es: 'Anuncios', ja: 'お知らせ' }),
    },
    {
      name: 'sub-manager-devices',
      path: `/usermanager/manager-device?userId=${world.sub}`,
      ready: 'manager-assigned-table',
      once: async ({ page }) => {
        for (const table of ['manager-assigned-table', 'manager-assignable-table']) await expectTableFits(page, table);
      },
    },
    {
      name: 'helpers',
      path: '/usermanager/edit-helper',
      ready: 'helper-table',
      once: ({ page }) => expectTableFits(page, 'helper-table'),
      each: async (at) => {
        await titled({ en: 'Helpers', zh: '助手', es: 'Ayudantes', ja: 'ヘルパー' })(at);
        await templateDialogFits(at);
      },
    },
    { name: 'add-helper', path: '/usermanager/add-helper', ready: 'add-helper-username' },
    {
      name: 'helper-devices',
      path: `/usermanager/helper-device?userId=${world.helper}`,
      ready: 'helper-shared-table',
      once: async ({ page }) => {
        for (const table of ['helper-shared-table', 'helper-shareable-table']) await expectTableFits(page, table);
      },
    },
    {
      name: 'event-templates',
      path: '/devices/events/templates',
      ready: 'templates-table',
      english: DEVICE_ENGLISH,
      widths: WITH_800,
      // The type select stays inside its card.
      each: async ({ page, width }) => {
        const templates = shown(page, 'event-templates');
        await expect(templates.getByTestId('templates-type')).toBeVisible();
        await expectWithin(templates.getByTestId('templates-type'), templates, `the type select at ${width} px`);
      },
    },
    {
      // The fault list names the active faults, newest first, in the language.
      name: 'fault-list',
      path: `/devices/fault?q=${faultBox}`,
      ready: 'devices-table',
      each: async ({ page, lang }) => {
        const cell = shown(page, `device-faults-${faultBox}-1`);
        await expect(cell.locator('.dms-active-fault-name')).toHaveText([...FAULT_NAMES[lang]]);
        // On a phone the table scrolls sideways: bring the faults into view.
        await cell.scrollIntoViewIfNeeded();
      },
    },
    {
      // The device's header names them too, within the page's width; its information's dates are picked.
      name: 'device-faults',
      path: `/devices/controller/${faultBox}/1`,
      ready: 'register-table',
      once: installDateRoundTrip,
      each: async ({ page, lang }) => {
        await expect(shown(page, 'device-head-faults').locator('.dms-active-fault-name')).toHaveText([...FAULT_NAMES[lang]]);
      },
    },
    {
      ...history('page-history', `/devices/history/${blower}/1?range=1h`, { zh: '历史数据', es: 'Datos históricos', ja: '履歴データ' }),
    },
    history('page-plcHistory', `/devices/plcHistory/${blower}/1`, { zh: 'PLC历史数据', es: 'Histórico del PLC', ja: 'PLC履歴' }),
    {
      ...history('page-historyCharts', `/devices/history-charts/${blower}-1/${dayAgo}?range=1h`, {
        zh: '历史曲线',
        es: 'Gráficos históricos',
        ja: '履歴グラフ',
      }),
      // The last hour holds the blower's readings: the chart window's bar says so, and the chart is live.
      each: async ({ page }) => {
        await expect(shown(page, 'chart-window')).toHaveAttribute('data-preset', '1h');
        await expect(shown(page, 'history-chart-live')).toBeVisible();
      },
    },
    history('page-kline', `/devices/k-line/${blower}-${FLOW}/1`, { zh: 'K线图', es: 'Velas (K-line)', ja: 'ローソク足' }),
    history('page-errorRecord', `/devices/error-record/${blower}/1`, { zh: '故障记录', es: 'Registro de fallos', ja: '故障記録' }),
    history('page-errorDetails', `/devices/error-details/${blower}/${world.faultStart}?controller=1`, {
      zh: '故障详情',
      es: 'Detalle del fallo',
      ja: '故障詳細',
    }),
    {
      ...history('page-exportErrors', '/devices/export-errors', { zh: '导出故障记录', es: 'Exportar fallos', ja: '故障記録の出力' }),
      // The fault records export's "Custom" fits the card and the screen, its whole text shown.
      each: async ({ page, width }) => {
        const card = shown(page, 'page-exportErrors');
        const custom = card.getByTestId('export-errors-range-custom');
        await expect(custom).toBeVisible();
        const item = card.locator('.ant-segmented-item', { has: page.getByTestId('export-errors-range-custom') });
        const b = await box(item);
        const c = await box(card);
        expect(b.x).toBeGreaterThanOrEqual(c.x);
        expect(b.x + b.width, '"Custom" ends inside the card').toBeLessThanOrEqual(c.x + c.width);
        expect(b.x + b.width, '"Custom" ends inside the screen').toBeLessThanOrEqual(width);
        const cut = await item.locator('.ant-segmented-item-label').evaluate((el) => el.scrollWidth > el.clientWidth);
        expect(cut, '"Custom" cut by an ellipsis').toBe(false);
      },
    },
    history('page-maglevCharts', `/devices/maglev-charts/${blower}-1/${dayAgo}`, {
      zh: '磁悬浮曲线',
      es: 'Gráficos de la soplante',
      ja: '磁気浮上ブロワのグラフ',
    }),
    history('page-maglevRegion', `/devices/maglev-region/${blower}/1`, { zh: '运行区域', es: 'Zona de funcionamiento', ja: '運転領域' }),
  ];
}

/** Outside the shell, last: a page the role may not see, opened by its address. */
export const UNAUTHORIZED: Screen = { name: '401', path: '/datalog/server-log', ready: 'back-home', standalone: true };
