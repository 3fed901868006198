import type { Page } from '@playwright/test';
import { apiLogin, asRole, baseUrl, expect, openShell, screenshot, shown, signIn, test } from './fixtures.js';

/**
 * The shell (spec 2): titles, the language, size and settings switches, the tags view, sign-out and a session ended
 * elsewhere (each on a session of its own: signIn), the drawer at 800 px, the route search, the one "Live" mark. Each
 * screen in each language and width: language-sweep.spec.ts.
 */

/**
 * Chooses an entry of a tag's context menu. The menu opens with an animation and closes when the shell re-renders
 * the tags under it (a busy machine's late answers): opened again until the entry is clicked.
 */
async function fromTagMenu(page: Page, path: string, entry: string): Promise<void> {
  const item = page.getByTestId(`tag-menu-${entry}`);
  // Opened, then clicked once it has settled where it opens, as a user does: a click during its opening animation
  // scrolls to an entry still moving, and the menu closes on scroll (antd's, by design); and a click that landed must
  // not be repeated (close others twice, or close all on a tab that is gone).
  await expect(async () => {
    if (!(await item.isVisible())) await page.getByTestId('tags-view').getByTestId(`tag-${path}`).click({ button: 'right' });
    await expect(item).toBeVisible({ timeout: 2000 });
    await expect(page.locator('.ant-dropdown[class*="ant-slide-up-appear"], .ant-dropdown[class*="ant-slide-up-enter"]')).toHaveCount(0, {
      timeout: 2000,
    });
  }).toPass({ timeout: 20_000 });
  await item.click();
}

test.describe('shell (spec 2)', () => {
  // The console as most users see it, animated (the other specs run as a user who asked for less motion).
  test.use({ reducedMotion: 'no-preference' });

  test('page titles in English and Chinese', async ({ page }) => {
    await asRole(page, 'demo_root');
    await page.goto('/dashboard');
    await expect(page).toHaveTitle('Dashboard - Device monitoring system');
    await page.goto('/profile/index');
    await expect(page).toHaveTitle(/^Profile - Device monitoring system$/);
    await page.context().addCookies([{ name: 'language', value: 'zh', url: baseUrl() }]);
    await page.goto('/dashboard');
    await expect(page).toHaveTitle(/ - 设备监控系统$/);
    await expect(page).not.toHaveTitle(/Dashboard/);
  });

  test('switching to each language says so in that language and reloads translated', async ({ page }) => {
    await asRole(page, 'demo_root');
    await page.goto('/dashboard');
    for (const lang of ['zh', 'es', 'ja', 'en'] as const) {
      await page.getByTestId('lang-select').click();
      await page.getByTestId(`lang-option-${lang}`).click();
      await page.waitForLoadState('load');
      const expected = {
        en: 'Switch Language Success',
        zh: '切换语言成功',
        es: 'Idioma cambiado correctamente',
        ja: '言語を切り替えました',
      }[lang];
      await expect(page.getByText(expected).first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', lang === 'zh' ? /zh/ : new RegExp(lang));
      const suffix = {
        en: ' - Device monitoring system',
        zh: ' - 设备监控系统',
        es: ' - Sistema de monitorización de dispositivos',
        ja: ' - デバイス監視システム',
      }[lang];
      await expect(page).toHaveTitle(new RegExp(`${suffix}$`));
      await screenshot(page, `shell-dashboard-${lang}`);
    }
  });

  test('size switch shows success and is kept after reload', async ({ page }) => {
    await asRole(page, 'demo_root');
    await page.goto('/dashboard');
    await page.getByTestId('size-select').click();
    await page.getByTestId('size-option-small').click();
    await expect(page.getByText('Switch Size Success').first()).toBeVisible();
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'size')?.value).toBe('small');
    await expect(page.locator('.dms-shell')).toHaveAttribute('data-size', 'small');
    await page.reload();
    await expect(page.locator('.dms-shell')).toHaveAttribute('data-size', 'small');
    await expect(page.getByTestId('login-username')).toHaveCount(0);
  });

  test('settings are kept after reload', async ({ page }) => {
    await asRole(page, 'demo_root');
    await page.goto('/dashboard');
    await expect(page.getByTestId('tags-view')).toBeVisible();
    await page.getByTestId('settings-button').click();
    await page.getByTestId('setting-tags-view').click();
    await page.getByTestId('setting-sidebar-logo').click();
    await page.getByTestId('setting-fixed-header').click();
    await expect(page.getByTestId('tags-view')).toHaveCount(0);
    await expect(page.getByTestId('sidebar-logo')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expect(page.getByTestId('tags-view')).toHaveCount(0);
    await expect(page.getByTestId('sidebar-logo')).toBeVisible();
    await page.getByTestId('settings-button').click();
    await expect(page.getByTestId('setting-fixed-header')).toHaveAttribute('aria-checked', 'true');
  });

  test('tags view: pinned dashboard, close, close others, close all, pages kept alive', async ({ page }) => {
    await asRole(page, 'demo_root');
    await page.goto('/dashboard');
    const tags = page.getByTestId('tags-view');
    await page.goto('/profile/index');
    await page.getByTestId('profile-old-password').fill('kept-while-away');
    // Move away in the app (client-side), come back through the tag: the typed value is still there.
    await page.getByTestId('route-search').click();
    await page.keyboard.type('Server log');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/datalog\/server-log$/);
    await expect(tags.getByTestId('tag-/dashboard')).toBeVisible();
    await expect(tags.getByTestId('tag-/profile/index')).toBeVisible();
    await expect(tags.getByTestId('tag-/datalog/server-log')).toBeVisible();
    await tags.getByTestId('tag-/profile/index').click();
    await expect(page).toHaveURL(/\/profile\/index$/);
    await expect(page.getByTestId('profile-old-password')).toHaveValue('kept-while-away');

    // Close others: keeps the pinned dashboard and the current page.
    await fromTagMenu(page, '/profile/index', 'close-others');
    await expect(tags.getByTestId('tag-/datalog/server-log')).toHaveCount(0);
    await expect(tags.getByTestId('tag-/dashboard')).toBeVisible();

    // Close the current one: back to the dashboard.
    await tags.getByTestId('tag-/profile/index').getByTestId('tag-close').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(tags.getByTestId('tag-/profile/index')).toHaveCount(0);
    await expect(tags.getByTestId('tag-/dashboard').getByTestId('tag-close')).toHaveCount(0);

    // Close all: only the pinned dashboard stays.
    await page.goto('/profile/index');
    await fromTagMenu(page, '/profile/index', 'close-all');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(tags.locator('[data-testid^="tag-/"]')).toHaveCount(1);
  });

  test('logout goes to /login?redirect=dashboard and the token is refused afterwards', async ({ page }) => {
    const token = await signIn(page, 'demo_helper');
    await page.goto('/dashboard');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/login\?redirect=dashboard$/);
    const res = await page.request.get(`${baseUrl()}/api/v2/user/info`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await res.json()) as { code: number }).code).toBe(50012);
  });

  test('a session ended elsewhere shows the logged-out confirm at its next call; re-login goes to sign-in', async ({ page }) => {
    // Market has no bell, so no live push tells the console: the change-password call meets the ended session.
    const token = await signIn(page, 'demo_market');
    await page.goto('/profile/index');
    await expect(page.getByTestId('profile-old-password')).toBeVisible();
    await page.request.get(`${baseUrl()}/api/v2/user/logout`, { headers: { authorization: `Bearer ${token}` } });
    await page.getByTestId('profile-old-password').fill('demo123456');
    await page.getByTestId('profile-new-password').fill('another-pass1');
    await page.getByTestId('profile-confirm-password').fill('another-pass1');
    await page.getByTestId('profile-submit').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('You have been logged out');
    await dialog.getByRole('button', { name: /log in again/i }).click();
    await expect(page).toHaveURL(/\/login/);
    await apiLogin(page.request, 'demo_market');
  });

  test('a session ended elsewhere shows the logged-out confirm at once where the bell keeps the live push open', async ({ page }) => {
    const token = await signIn(page, 'demo_end_user');
    await page.goto('/profile/index');
    await expect(page.getByTestId('bell')).toBeVisible();
    await expect(page.getByTestId('profile-old-password')).toBeVisible();
    await page.request.get(`${baseUrl()}/api/v2/user/logout`, { headers: { authorization: `Bearer ${token}` } });
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('You have been logged out');
    await dialog.getByRole('button', { name: /log in again/i }).click();
    await expect(page).toHaveURL(/\/login/);
    await apiLogin(page.request, 'demo_end_user');
  });

  test('at 800 px the sidebar becomes a drawer', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await asRole(page, 'demo_root');
    await page.goto('/dashboard');
    await expect(page.getByTestId('sidebar')).toBeHidden();
    await page.getByTestId('hamburger').click();
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await page.getByTestId('sidebar').getByText('Data log').click();
    await screenshot(page, 'shell-mobile-800-menu');
    await page.getByTestId('menu-serverLog').click();
    await expect(page).toHaveURL(/\/datalog\/server-log$/);
    await expect(page.getByTestId('sidebar')).toBeHidden();
    await screenshot(page, 'shell-mobile-800');
  });

  test('route search opens a permitted page', async ({ page }) => {
    await asRole(page, 'demo_root');
    await page.goto('/dashboard');
    await page.getByTestId('route-search').click();
    await page.keyboard.type('Server log');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/datalog\/server-log$/);
    await expect(page.getByTestId('breadcrumb')).toContainText('Server log');
  });

  test('every "Live" mark is the same mark: dashboard, map, device list, chart and large screen', async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await asRole(page, 'demo_end_user', 'en');
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
