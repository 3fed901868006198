import { ENGLISH_HEADERS, freshBoxId, headerTexts, pickUser } from './box-reg-helpers.js';
import { baseUrl, expect, type Lang, screenshot, shown } from './fixtures.js';
import {
  type At,
  box,
  expectSidebarTitlesRead,
  expectTableFits,
  resize,
  type Screen,
  shownPage,
  type SweepWorld,
  titled,
} from './sweep.js';

/**
 * demo_root's screens in the language sweep (language-sweep.spec.ts), with the checks of their own: the sidebar's
 * titles, the box registration list and form translated, the broker block at phone width, the logs' title cards.
 */

const BOX_REG = {
  title: { en: 'Box registration', zh: '盒子注册', es: 'Registro de cajas', ja: 'ボックス登録' },
  boxId: { zh: '盒子ID', es: 'ID de caja', ja: 'ボックスID' },
  connection: { zh: '连接状态', es: 'Conexión', ja: '接続' },
  order: {
    zh: '结束盒子ID不能小于起始盒子ID',
    es: 'El id de caja final no puede ser menor que el inicial',
    ja: '終了ボックスIDは開始ボックスID以上である必要があります',
  },
  broker: { en: 'Broker address', zh: '服务器地址', es: 'Dirección del bróker', ja: 'ブローカーアドレス' },
};
const LOG_TITLES = {
  operation: { en: 'Operation log', zh: '操作日志', es: 'Registro de operaciones', ja: '操作ログ' },
  server: { en: 'Server log', zh: '服务器日志', es: 'Registro del servidor', ja: 'サーバーログ' },
};

/** The list is translated: its menu entry, its headers (none left in English). */
async function boxRegListTranslated({ page, lang }: At): Promise<void> {
  await expect(page.getByTestId('menu-boxRegInfo')).toHaveText(BOX_REG.title[lang]);
  await expect(shown(page, 'box-reg-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  if (lang === 'en') return;
  const headers = await headerTexts(page);
  expect(headers).toContain(BOX_REG.boxId[lang]);
  expect(headers).toContain(BOX_REG.connection[lang]);
  expect(headers.filter((h) => ENGLISH_HEADERS.includes(h))).toEqual([]);
}

/**
 * The form says a range's order in the language; a registration shows the credentials with the broker address, whose
 * block stays inside a 390 px screen; the download is saved, so the page may be left without a question.
 */
async function boxRegFormAndCredentials({ page, lang }: At): Promise<void> {
  const form = (id: string) => shown(page, `box-reg-form-${id}`);
  if (lang !== 'en') {
    await form('start').fill('9');
    await form('end').fill('3');
    await shown(page, 'box-reg-submit').click();
    await expect(shownPage(page).getByText(BOX_REG.order[lang])).toBeVisible();
    await screenshot(page, `sweep-box-reg-order-${lang}`);
  }
  const start = freshBoxId();
  await form('start').fill(String(start));
  await form('end').fill(String(start + 1));
  await pickUser(page, 'demo_manager');
  await form('type').fill('DTU-4G');
  await form('company').fill('E2E Company');
  await screenshot(page, `sweep-box-reg-form-${lang}-1440`);
  await resize(page, 390);
  await screenshot(page, `sweep-box-reg-form-${lang}-390`);
  await shown(page, 'box-reg-submit').click();
  const broker = shown(page, 'box-reg-broker');
  await expect(broker).toContainText(BOX_REG.broker[lang]);
  await expect(shown(page, 'box-reg-broker-host')).toHaveText(new URL(baseUrl()).hostname);
  // At 390 px nothing of the broker block runs out of the screen.
  const b = await box(broker);
  expect(b.x >= 0 && b.x + b.width <= 390, 'the broker block inside 390 px').toBe(true);
  await screenshot(page, `sweep-box-reg-result-${lang}-390`);
  await resize(page, 1440);
  await expect(broker).toBeVisible();
  await shown(page, 'box-reg-download').click();
  await expect(shown(page, 'box-reg-downloaded')).toBeVisible();
}

export function rootScreens(world: SweepWorld): Screen[] {
  return [
    {
      name: 'dashboard',
      path: '/dashboard',
      ready: 'dashboard-welcome',
      once: async ({ page, lang }) => {
        if (lang === 'en') await expect(page).toHaveTitle('Dashboard - Device monitoring system');
        // Their long titles (Registro de operaciones, イベントテンプレート) are cut by the sidebar's width.
        if (lang === 'es' || lang === 'ja') await expectSidebarTitlesRead(page, lang);
      },
    },
    { name: 'profile', path: '/profile/index', ready: 'sessions-table' },
    { name: 'change-password', path: '/usermanager/change-password', ready: 'profile-old-password' },
    {
      name: 'templates',
      path: '/device-type/permission',
      ready: 'template-table',
      each: async (at) => {
        await titled({ en: 'Permission templates', zh: '权限模板', es: 'Plantillas de permisos', ja: '権限テンプレート' })(at);
        await expect(shown(at.page, 'template-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
      },
    },
    { name: 'template', path: `/device-type/permission/modify/${world.template}`, ready: 'template-save' },
    { name: 'type-config', path: '/device-type/type-config', ready: 'type-table', once: ({ page }) => expectTableFits(page, 'type-table') },
    { name: 'type-edit', path: `/device-type/type-config/edit/${world.controllerType}`, ready: 'type-edit-table' },
    { name: 'type-upload', path: `/device-type/type-config/upload/${world.controllerType}/ja`, ready: 'type-upload-file' },
    {
      name: 'relation',
      path: '/device-type/relation',
      ready: 'relation-table',
      once: ({ page }) => expectTableFits(page, 'relation-table'),
    },
    { name: 'type-protocol', path: `/device-type/type-config/protocol/${world.controllerType}/default/es`, ready: 'type-protocol-table' },
    { name: 'type-events', path: `/device-type/type-events?type=${world.controllerType}`, ready: 'type-events-version' },
    { name: 'type-charts', path: '/device-type/chart', ready: 'type-charts-table' },
    { name: 'type-page', path: `/device-type/type-config/page/${world.controllerType}/default`, ready: 'type-page-groups' },
    { name: 'ck-config', path: '/device-type/CK-config', ready: 'ck-table' },
    { name: 'ck-model', path: '/device-type/CK-config/model/1333', ready: 'ck-model' },
    { name: 'events-list', path: '/events/events-list', ready: 'rules-table' },
    { name: 'events-add', path: '/events/events-add', ready: 'rule-form' },
    { name: 'events-log', path: '/events/events-log', ready: 'events-table' },
    { name: 'charts-list', path: '/chartsManage/gauge-charts', ready: 'charts-table' },
    { name: 'charts-add', path: '/chartsManage/add-stop-status', ready: 'chart-form' },
    { name: 'notice-list', path: '/notice/notice-list', ready: 'notice-table' },
    { name: 'notice-create', path: '/notice/notice-create', ready: 'notice-form-save' },
    { name: 'notification-management', path: '/notice/notification-management', ready: 'smtp-save' },
    { name: 'notification-log', path: '/notice/notification-log', ready: 'deliveries-table' },
    { name: 'box-reg-list', path: '/box-reg-info/list', ready: 'box-reg-table', once: boxRegListTranslated },
    { name: 'box-reg-create', path: '/box-reg-info/create', ready: 'box-reg-form-start', once: boxRegFormAndCredentials },
    { name: 'ip-log', path: '/smartbox/ip-log', ready: 'ip-log-table' },
    { name: 'ip-config', path: '/smartbox/ip-config', ready: 'moves-table' },
    { name: 'box-address', path: '/smartbox/box-address', ready: 'address-table' },
    { name: 'box-ck', path: '/smartbox/box-ck', ready: 'box-ck-table' },
    { name: 'box-dws', path: '/smartbox/box-dws', ready: 'dws-table' },
    { name: 'device-property', path: '/smartbox/device-property', ready: 'property-table' },
    { name: 'upload', path: '/smartbox/upload', ready: 'images-table' },
    { name: 'box-config-upload', path: `/smartbox/config/upload/${world.boxType}/zh`, ready: 'box-config-upload-file' },
    {
      name: 'tools-redis',
      path: '/tools/redis',
      ready: 'redis-keys',
      each: titled({ en: 'Cache (Redis)', zh: '缓存（Redis）', es: 'Caché (Redis)', ja: 'キャッシュ（Redis）' }),
    },
    {
      name: 'tools-sessions',
      path: '/tools/sessions',
      ready: 'sessions-table',
      each: titled({ en: 'Signed-in sessions', zh: '已登录的会话', es: 'Sesiones iniciadas', ja: 'ログイン中のセッション' }),
    },
    { name: 'box-protocol', path: `/smartbox/config/protocol/${world.boxType}/ja`, ready: 'box-protocol-table' },
    { name: 'box-software', path: '/smartbox/box-software', ready: 'rollouts-table' },
    { name: 'box-delete', path: '/smartbox/box-delete', ready: 'deleted-boxes-table' },
    { name: 'clear-faults', path: '/smartbox/box-clear-fault-record', ready: 'clear-faults-submit' },
    { name: 'qr-calculate', path: '/qrManage/calculate-dynamic-pwd', ready: 'qr-calc-submit' },
    { name: 'qr-pwd-quota', path: '/qrManage/pwd-quota', ready: 'qr-quotas-table' },
    { name: 'qr-pwd-list', path: '/qrManage/pwd-list', ready: 'qr-records-table' },
    { name: 'scripts-list', path: '/scripts/scripts-list', ready: 'scripts-table' },
    { name: 'script-params', path: '/scripts/batch-modify-params', ready: 'script-preview' },
    // The operation log and the server log have the title card of every list.
    { name: 'operation-log', path: '/datalog/operation-log', ready: 'operation-log-table', each: logTitle(LOG_TITLES.operation) },
    { name: 'server-log', path: '/datalog/server-log', ready: 'server-log-table', each: logTitle(LOG_TITLES.server) },
  ];
}

function logTitle(titles: Record<Lang, string>) {
  return async ({ page, lang }: At): Promise<void> => {
    await expect(shownPage(page).locator('.ant-card-head-title')).toHaveText(titles[lang]);
  };
}

/** Outside the shell, last: the page that is not there. */
export const NOT_FOUND: Screen = { name: '404', path: '/no/such/page', ready: 'back-home', standalone: true };
