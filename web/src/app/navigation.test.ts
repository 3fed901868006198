import { describe, expect, it } from 'vitest';
import { decideNavigation, isProductionHost, loginRedirect, pageTitle, safeRedirect, type GuardInput } from './navigation';

const base: GuardInput = {
  pathname: '/dashboard',
  search: '',
  hasToken: false,
  roles: null,
  meta: { titleKey: 'route.dashboard', area: 'dashboard' },
  onProductionHost: false,
};

describe('navigation guard (spec 2)', () => {
  it('not signed in on a protected path: to /login with the whole path and query', () => {
    expect(decideNavigation({ ...base, pathname: '/profile/index', search: '?tab=password&x=1' })).toEqual({
      kind: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/profile/index?tab=password&x=1')}`,
    });
  });

  it('/login, /mlogin and /auth-redirect need no sign-in', () => {
    for (const pathname of ['/login', '/mlogin', '/auth-redirect']) {
      expect(decideNavigation({ ...base, pathname, meta: undefined })).toEqual({ kind: 'allow' });
    }
  });

  it('on the production host /login goes to /mlogin with its query', () => {
    expect(decideNavigation({ ...base, pathname: '/login', search: '?redirect=%2Fdashboard', onProductionHost: true })).toEqual({
      kind: 'redirect',
      to: '/mlogin?redirect=%2Fdashboard',
    });
  });

  it('signed in, going to a sign-in page: sent to /, or to the ?redirect target (as right after sign-in)', () => {
    for (const pathname of ['/login', '/mlogin']) {
      expect(decideNavigation({ ...base, pathname, hasToken: true, roles: ['root'] })).toEqual({ kind: 'redirect', to: '/' });
      expect(decideNavigation({ ...base, pathname, search: '?redirect=%2Fprofile%2Findex%3Fa%3D1', hasToken: true, roles: null })).toEqual({
        kind: 'redirect',
        to: '/profile/index?a=1',
      });
      expect(decideNavigation({ ...base, pathname, search: '?redirect=//evil.example', hasToken: true, roles: null })).toEqual({
        kind: 'redirect',
        to: '/',
      });
    }
  });

  it('signed in without loaded roles: load user info first', () => {
    expect(decideNavigation({ ...base, hasToken: true, roles: null })).toEqual({ kind: 'loadInfo' });
    expect(decideNavigation({ ...base, pathname: '/auth-redirect', hasToken: true, roles: null })).toEqual({ kind: 'loadInfo' });
  });

  it('a page the roles may not open: /401; one they may: allowed', () => {
    const serverLog = {
      ...base,
      pathname: '/datalog/server-log',
      hasToken: true,
      meta: { titleKey: 'datalog.route.serverLog', area: 'serverLog' },
    } as const;
    expect(decideNavigation({ ...serverLog, roles: ['manager'] })).toEqual({ kind: 'redirect', to: '/401' });
    expect(decideNavigation({ ...serverLog, roles: ['root'] })).toEqual({ kind: 'allow' });
    expect(decideNavigation({ ...base, pathname: '/404', meta: undefined, hasToken: true, roles: ['market'] })).toEqual({ kind: 'allow' });
  });

  it('after logout the signed-out user goes where logout said', () => {
    expect(decideNavigation({ ...base, signedOutTo: '/login?redirect=dashboard' })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=dashboard',
    });
  });
});

describe('helpers', () => {
  it('safeRedirect keeps local paths and refuses other sites', () => {
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('')).toBe('/');
    expect(safeRedirect('dashboard')).toBe('/dashboard');
    expect(safeRedirect('/profile/index?tab=1')).toBe('/profile/index?tab=1');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect('javascript:alert(1)')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
  });

  it('loginRedirect encodes the path and query', () => {
    expect(loginRedirect('/a?b=1&c=2')).toBe('/login?redirect=%2Fa%3Fb%3D1%26c%3D2');
  });

  it('production host: bare or www, case-insensitive; none when not configured', () => {
    expect(isProductionHost('example.com', 'example.com')).toBe(true);
    expect(isProductionHost('WWW.Example.com', 'example.com')).toBe(true);
    expect(isProductionHost('app.example.com', 'example.com')).toBe(false);
    expect(isProductionHost('example.com', undefined)).toBe(false);
  });

  it('page title: "{title} - {product}"', () => {
    expect(pageTitle('Dashboard', 'Device monitoring system')).toBe('Dashboard - Device monitoring system');
    expect(pageTitle('首页', '设备监控系统')).toBe('首页 - 设备监控系统');
    expect(pageTitle(undefined, 'Device monitoring system')).toBe('Device monitoring system');
  });
});
