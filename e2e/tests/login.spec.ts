import type { Page } from '@playwright/test';
import { expect, rolePage, signInWithForm, test } from './fixtures.js';

test.describe('sign-in form (spec 5)', () => {
  test.describe('its rules and the server message, on one sign-in page', () => {
    test.describe.configure({ mode: 'serial' });
    let page: Page;
    test.beforeAll(async ({ browser }) => {
      page = await rolePage(browser, null);
      await page.goto('/login');
    });
    test.afterAll(async () => {
      await page.context().close();
    });

    const cases: Array<[string, string, string]> = [
      ['', 'abcdef', 'User name cannot be empty!'],
      ['abc', 'abcdef', 'User name must be a 6-20 digit number or character!'],
      ['abcdef!', 'abcdef', '6-20 digit number or character or @#%^&*_-+ required!'],
      ['abc 用户', 'abcdef', 'User name cannot contain Chinese characters or spaces!'],
      ['abcdef', '', 'Password cannot be empty!'],
      ['abcdef', '123', 'Password must be a 6-20 digit number or character!'],
      ['abcdef', 'pass word', 'Password cannot contain Chinese characters or spaces!'],
    ];
    for (const [username, password, text] of cases) {
      test(`shows "${text}" for ${JSON.stringify({ username, password })}`, async () => {
        await page.getByTestId('login-username').fill(username);
        await page.getByTestId('login-password').fill(password);
        await page.getByTestId('login-submit').click();
        await expect(page.getByText(text, { exact: true })).toBeVisible();
        await expect(page).toHaveURL(/\/login/);
      });
    }

    test('shows the server message for a wrong password and stays', async () => {
      await signInWithForm(page, 'demo_manager', 'wrong-password');
      await expect(page.getByText('Incorrect user name or password.').first()).toBeVisible();
      await expect(page).toHaveURL(/\/login/);
    });
  });

  test('shows the rules in Chinese after switching language on the sign-in page', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('lang-select').click();
    await page.getByTestId('lang-option-zh').click();
    await expect(page.getByText('切换语言成功').first()).toBeVisible();
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('用户名不能为空！')).toBeVisible();
  });

  test('a good sign-in opens the dashboard with the user named', async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, '  demo_manager ');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Demo Manager').first()).toBeVisible();
  });
});
