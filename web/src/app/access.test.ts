import { ADMIN_ROLE, AREA_NAMES, canAccess, ROLES, type Area } from '@dms/contract';
import { describe, expect, it } from 'vitest';
import { canSee, menuRoutes, permittedPages, permittedRoutes } from './access';
import type { PageRoute, ShellRoute } from './route-types';
import { flattenPages, SHELL_ROUTES } from './routes';

/** Every page, with the areas a user must reach to open it (its own and its group's). */
const PAGES = flattenPages(SHELL_ROUTES).map(({ page, parents }) => ({
  page,
  areas: [...parents, page.meta].flatMap((m) => (m.area ? [m.area] : [])),
}));

/** The pages of the device area (open to every signed-in user, spec 6). */
const DEVICE_PAGES = PAGES.filter(({ areas }) => areas.length > 0 && areas.every((a) => a === 'devices')).map((p) => p.page.name);

const names = (pages: readonly PageRoute[]) => pages.map((p) => p.name).sort();
const menuNames = (routes: readonly ShellRoute[]) =>
  routes.flatMap((r) => (r.kind === 'page' ? [r.name] : [`${r.name}/`, ...r.children.map((c) => c.name)])).sort();

describe('route table', () => {
  it('names only areas of the contract, and every page has one', () => {
    for (const { page, areas } of PAGES) {
      expect(areas.length, page.name).toBeGreaterThan(0);
      for (const area of areas) expect(AREA_NAMES, page.name).toContain(area);
    }
  });

  it('has unique names and paths', () => {
    expect(new Set(PAGES.map((p) => p.page.name)).size).toBe(PAGES.length);
    expect(new Set(PAGES.map((p) => p.page.path)).size).toBe(PAGES.length);
  });
});

describe('routes and menu per role (spec 6 through the contract)', () => {
  for (const role of ROLES) {
    it(role, () => {
      const roles = [role];
      const expected = PAGES.filter(({ areas }) => areas.every((a: Area) => canAccess(roles, a))).map((p) => p.page);
      expect(names(permittedPages(SHELL_ROUTES, roles))).toEqual(names(expected));
      // The menu: the same pages minus hidden ones; a group only when a child is shown.
      const menu = menuRoutes(SHELL_ROUTES, roles);
      const shown = expected.filter((p) => !p.meta.hidden);
      expect(menuNames(menu).filter((n) => !n.endsWith('/'))).toEqual(names(shown));
      for (const route of menu) {
        if (route.kind === 'group') expect(route.children.length, route.name).toBeGreaterThan(0);
      }
      // Only root reaches the server log, the IP change log and the box CK codes.
      for (const name of ['serverLog', 'ipLog', 'boxCk'])
        expect(
          permittedPages(SHELL_ROUTES, roles).some((p) => p.name === name),
          name,
        ).toBe(role === 'root');
    });
  }

  it('what each role sees today', () => {
    // The device pages (area 'devices', open to every signed-in user): lists, detail pages, box, event templates,
    // and the history and map pages that join the same group.
    const devicePages = DEVICE_PAGES;
    expect(devicePages).toEqual(
      expect.arrayContaining([
        'devicesShow',
        'faultDevices',
        'warningDevices',
        'offlineDevices',
        'controller',
        'plcController',
        'maglevController',
        'box',
        'eventTemplates',
      ]),
    );
    const everyone = ['changePassword', 'dashboard', 'operationLog', 'profile', ...devicePages];
    // The /device-type group is root's as a whole (spec 6: "device-type … root only"): each page it has.
    const deviceTypePages = PAGES.filter(({ areas }) => areas.includes('deviceType')).map((p) => p.page);
    expect(deviceTypePages.map((p) => p.name)).toEqual(expect.arrayContaining(['typeConfig', 'permission', 'permissionModify']));
    // The /events group is root's as a whole (issue 21): each page it has.
    const eventsPages = PAGES.filter(({ areas }) => areas.includes('events')).map((p) => p.page);
    expect(eventsPages.map((p) => p.name)).toEqual(expect.arrayContaining(['eventsList', 'eventsAdd', 'eventsLog']));
    // So is /chartsManage (spec 6; issue 21): its six pages.
    const chartPages = PAGES.filter(({ areas }) => areas.includes('chartsManage')).map((p) => p.page);
    expect(chartPages.map((p) => p.name).sort()).toEqual(
      ['addGaugeChart', 'addStackedChart', 'addStopStatusChart', 'gaugeCharts', 'stackedCharts', 'stopStatusCharts'].sort(),
    );
    // And /notice (spec 6; issue 22): root's announcements, notification management and delivery log.
    const noticePages = PAGES.filter(({ areas }) => areas.includes('notice')).map((p) => p.page);
    expect(noticePages.map((p) => p.name).sort()).toEqual(['noticeCreate', 'noticeList', 'notificationLog', 'notificationManagement']);
    // /smartbox (spec 6): root's tools (ip-log, box-ck, ...), and clearing a box's fault records, root's and limited_admin's.
    const smartboxRootPages = PAGES.filter(({ areas }) => areas.includes('smartboxRoot')).map((p) => p.page);
    expect(smartboxRootPages.map((p) => p.name)).toEqual(expect.arrayContaining(['ipLog', 'boxCk']));
    const clearFaultPages = PAGES.filter(({ areas }) => areas.includes('boxClearFaultRecord')).map((p) => p.page.name);
    expect(clearFaultPages).toEqual(['clearFaults']);
    // Assigning boxes (spec 6): limited_admin's alone.
    const assignPages = PAGES.filter(({ areas }) => areas.includes('boxAssign')).map((p) => p.page.name);
    expect(assignPages).toEqual(['boxAssign']);
    // /qrManage (spec 6; issue 24): calculating a password is root's, limited_admin's and the manufacturers'; giving
    // quota the distributor-type roles' and root's; the calculations made are listed for root, the manufacturers and the
    // distributors.
    const calculatePages = PAGES.filter(({ areas }) => areas.includes('calculateDynamicPwd')).map((p) => p.page.name);
    expect(calculatePages).toEqual(['calculateDynamicPwd']);
    const quotaPages = PAGES.filter(({ areas }) => areas.includes('pwdQuota')).map((p) => p.page.name);
    expect(quotaPages).toEqual(['pwdQuota']);
    const listPages = PAGES.filter(({ areas }) => areas.includes('pwdList')).map((p) => p.page.name);
    expect(listPages).toEqual(['pwdList']);
    // Every page of an area the access table keeps for root alone (the groups above among them, the server log and the
    // scripts too): a new root-only area needs no line here.
    const rootOnly = (area: Area) => ROLES.every((role) => role === 'root' || !canAccess([role], area));
    const rootAreaPages = PAGES.filter(({ areas }) => areas.some(rootOnly)).map((p) => p.page);
    expect(rootAreaPages).toEqual(
      expect.arrayContaining([...deviceTypePages, ...eventsPages, ...chartPages, ...noticePages, ...smartboxRootPages]),
    );
    for (const role of ROLES) {
      // Box registration, and clearing a box's fault records (spec 6: root or limited_admin).
      const boxReg = role === 'root' || role === 'limited_admin' ? ['boxRegCreate', 'boxRegInfo', 'boxRegLabels', ...clearFaultPages] : [];
      // Helpers (spec 6: edit-helper and helper-device for manager, afterSales, afterSalesPlus; add-helper for manager).
      const helpers = ['manager', 'afterSales', 'afterSalesPlus'].includes(role) ? ['editHelper', 'helperDevice'] : [];
      if (role === 'manager') helpers.push('addHelper');
      // add-device (spec 6): manager, qualityController, afterSales, afterSalesPlus.
      if (['manager', 'qualityController', 'afterSales', 'afterSalesPlus'].includes(role)) helpers.push('addDevice');
      // Sub-managers (spec 6): edit-manager and manager-device for manager, afterSales, afterSalesPlus; add-manager for
      // manager and afterSalesPlus.
      if (['manager', 'afterSales', 'afterSalesPlus'].includes(role)) helpers.push('editManager', 'managerDevice');
      if (['manager', 'afterSalesPlus'].includes(role)) helpers.push('addManager');
      // /msg is everyone's but market's (spec 6).
      const msg = role === 'market' ? [] : ['announcementList', 'notificationList'];
      const qr = [
        ...(['root', 'limited_admin', 'manufacturer'].includes(role) ? calculatePages : []),
        ...(['root', 'manufacturer', 'district_distributor', 'regional_distributor'].includes(role) ? quotaPages : []),
        ...(['root', 'manufacturer', 'district_distributor', 'regional_distributor'].includes(role) ? listPages : []),
      ];
      const expected = [
        ...everyone,
        ...qr,
        ...msg,
        ...boxReg,
        ...helpers,
        ...(role === 'limited_admin' ? assignPages : []),
        ...(role === 'root' ? rootAreaPages.map((p) => p.name) : []),
      ].sort();
      expect(names(permittedPages(SHELL_ROUTES, [role])), role).toEqual(expected);
    }
    const rootGroups = SHELL_ROUTES.flatMap((r) => (r.kind === 'group' && r.meta.area && rootOnly(r.meta.area) ? [`${r.name}/`] : []));
    expect(rootGroups).toEqual(expect.arrayContaining(['chartsManage/', 'deviceType/', 'events/', 'notice/']));
    const deviceMenu = devicePages.filter((name) => !PAGES.find((p) => p.page.name === name)?.page.meta.hidden);
    expect(deviceMenu).toEqual(
      expect.arrayContaining(['devicesShow', 'faultDevices', 'warningDevices', 'offlineDevices', 'eventTemplates']),
    );
    for (const hidden of ['controller', 'plcController', 'maglevController', 'box']) expect(deviceMenu).not.toContain(hidden);
    expect(menuNames(menuRoutes(SHELL_ROUTES, ['root']))).toEqual(
      [
        'boxRegInfo',
        'changePassword',
        ...clearFaultPages,
        'dashboard',
        'datalog/',
        'devices/',
        'announcementList',
        'msg/',
        'notificationList',
        'operationLog',
        ...calculatePages,
        ...quotaPages,
        ...listPages,
        'qrManage/',
        'smartbox/',
        'usermanager/',
        ...rootAreaPages.filter((p) => !p.meta.hidden).map((p) => p.name),
        ...rootGroups,
        ...deviceMenu,
      ].sort(),
    );
  });

  it("'admin' sees every route; no roles sees only the open ones", () => {
    expect(names(permittedPages(SHELL_ROUTES, [ADMIN_ROLE]))).toEqual(names(PAGES.map((p) => p.page)));
    expect(names(permittedPages(SHELL_ROUTES, []))).toEqual(
      // /msg denies market only, so a user with no roles passes it (spec 6: a rule no role of theirs matches).
      ['announcementList', 'changePassword', 'dashboard', 'notificationList', 'operationLog', 'profile', ...DEVICE_PAGES].sort(),
    );
  });

  it('a route without an area is open; a group without visible children disappears', () => {
    expect(canSee([], undefined)).toBe(true);
    expect(canSee([], { titleKey: 'route.dashboard' })).toBe(true);
    const onlyRoot: ShellRoute[] = [
      {
        kind: 'group',
        name: 'g',
        meta: { titleKey: 'datalog.route.group', area: 'datalog' },
        children: [
          {
            kind: 'page',
            name: 's',
            path: '/s',
            meta: { titleKey: 'datalog.route.serverLog', area: 'serverLog' },
            load: () => Promise.reject(new Error('not loaded')),
          },
        ],
      },
    ];
    expect(permittedRoutes(onlyRoot, ['manager'])).toEqual([]);
    expect(permittedRoutes(onlyRoot, ['root'])).toHaveLength(1);
  });
});
