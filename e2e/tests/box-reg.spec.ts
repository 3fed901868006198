import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { freshBoxId, pickUser, registerByApi } from './box-reg-helpers.js';
import { connectBox, sayHello } from './boxes.js';
import { asRole, baseUrl, cellText, dialogSettled, expect, expectShown, openShell as open, screenshot, test } from './fixtures.js';

/**
 * Box registration (/box-reg-info/list and /create), registering: root registers a range through the form, sees the
 * one-time credentials and their .xlsx and finds the boxes in the list; the mobile layout; who has it in the menu (a
 * manager has not: menus.spec.ts; and gets /401: guard.spec.ts). The form's checks: box-reg-form.spec.ts; the list and
 * the form in each language and width: language-sweep.spec.ts.
 */

test.describe('box registration (/box-reg-info)', () => {
  // Each test goes through several pages (and most register boxes): more than the default budget on a loaded machine.
  test.describe.configure({ timeout: 120_000 });

  test.describe('as root', () => {
    test.use({ role: 'demo_root' });

    test('root registers a range through the form, sees the credentials once, downloads them once and finds the boxes', async ({
      page,
    }) => {
      const start = freshBoxId();
      const end = start + 2;
      const company = `E2E Co ${start}`;
      await open(page, '/dashboard');
      await page.getByTestId('menu-boxRegInfo').click();
      await expectShown(page, /\/box-reg-info\/list$/);
      await expect(page.getByTestId('box-reg-table')).toBeVisible();
      await expect(page).toHaveTitle('Box registration - Device monitoring system');

      await page.getByTestId('box-reg-create').click();
      await expectShown(page, /\/box-reg-info\/create$/);
      // The breadcrumb names the list the form belongs to, and links back to it.
      await expect(page.getByTestId('breadcrumb')).toHaveText(/Dashboard\s*\/\s*Box registration\s*\/\s*Register boxes/);
      await expect(page.getByTestId('breadcrumb').getByRole('link', { name: 'Box registration' })).toHaveAttribute(
        'href',
        '/box-reg-info/list',
      );
      await expect(page.getByTestId('box-reg-form-push-warning')).toHaveValue('1');
      await page.getByTestId('box-reg-form-start').fill(String(start));
      await page.getByTestId('box-reg-form-end').fill(String(end));
      await expect(page.getByTestId('box-reg-form-count')).toContainText('Boxes in this range: 3');
      await pickUser(page, 'demo_manager');
      await page.getByTestId('box-reg-form-type').fill('E2E-GW');
      await page.getByTestId('box-reg-form-contact').fill('ops@example.com');
      await page.getByTestId('box-reg-form-company').fill(company);
      await page.getByTestId('box-reg-form-push-warning').fill('3');
      await page.getByTestId('box-reg-form-push-fault').fill('2');
      await page.getByTestId('box-reg-form-push-normal').fill('0');
      await page.getByTestId('box-reg-submit').click();

      // The credentials, once: a row per box with its client id, user name and password.
      const credentials = page.getByTestId('box-reg-credentials');
      await expect(credentials.locator('tbody tr.ant-table-row')).toHaveCount(3);
      await expect(page.getByTestId('box-reg-once-warning')).toContainText('the passwords are shown only this once');
      await expect(credentials).toContainText(`box-${start}`);
      await expect(credentials).toContainText(`box-${end}`);
      const passwords = (await page.getByTestId('box-reg-password').allInnerTexts()).map((p) => p.trim());
      expect(passwords).toHaveLength(3);
      for (const p of passwords) expect(p).toMatch(/^[\w-]{16,}$/);
      // Where the boxes connect: the address the console reached, the broker's real port, MQTT 3.1.1, protocol 1.
      const broker = page.getByTestId('box-reg-broker');
      await expect(page.getByTestId('box-reg-broker-host')).toHaveText(new URL(baseUrl()).hostname);
      await expect(page.getByTestId('box-reg-broker-port')).toHaveText(String(process.env.E2E_MQTT_PORT));
      await expect(broker).toContainText('MQTT 3.1.1');
      await expect(broker).toContainText('Protocol version');
      await screenshot(page, 'box-reg-result-en');

      // The .xlsx: once.
      const downloading = page.waitForEvent('download');
      await page.getByTestId('box-reg-download').click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('box-credentials.xlsx');
      const file = fs.readFileSync(await download.path());
      expect(file.length).toBeGreaterThan(0);
      expect(file.subarray(0, 2).toString('latin1')).toBe('PK');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(await download.path());
      expect(workbook.worksheets.length).toBeGreaterThan(0);
      const cells = workbook.worksheets
        .flatMap((sheet) => sheet.getSheetValues().flatMap((row) => (Array.isArray(row) ? row.map(cellText) : [])))
        .join('\n');
      expect(cells).toContain('MQTT password');
      expect(cells).toContain('Broker address');
      expect(cells).toContain(new URL(baseUrl()).hostname);
      expect(cells).toContain(String(process.env.E2E_MQTT_PORT));
      for (let id = start; id <= end; id += 1) expect(cells).toContain(`box-${id}`);
      for (const p of passwords) expect(cells).toContain(p);
      await expect(page.getByTestId('box-reg-downloaded')).toBeVisible();
      await page.getByTestId('box-reg-download').click();
      await expect(page.getByTestId('box-reg-download-error')).toHaveText('This download has expired or was already used.');

      // The first box connects with the password shown and reports one controller.
      const box = await connectBox(start, passwords[0] ?? '');
      try {
        await sayHello(box, start, [{ index: 1, type: 'generic-plc' }]);

        // Back to the list, and find the boxes.
        await page.getByTestId('box-reg-back').click();
        await expectShown(page, /\/box-reg-info\/list$/);
        await page.getByTestId('box-reg-filter-company').fill(company);
        await page.getByTestId('box-reg-search').click();
        const rows = page.getByTestId('box-reg-table').locator('tbody tr.ant-table-row');
        await expect(rows).toHaveCount(3);
        await page.getByTestId('box-reg-reset').click();
        // The reset empties the filters: a box id typed before it lands would be emptied too.
        await expect(page.getByTestId('box-reg-filter-company')).toHaveValue('');
        await expect(page).not.toHaveURL(/[?&]companyName=/);
        await expect(rows).not.toHaveCount(3);
        await page.getByTestId('box-reg-filter-boxid').fill(String(start));
        await page.getByTestId('box-reg-search').click();
        await expect(rows).toHaveCount(1);
        const row = rows.first();
        await expect(row).toContainText(String(start));
        await expect(row).toContainText('demo_manager');
        await expect(row).toContainText('E2E-GW');
        await expect(row).toContainText(company);
        await expect(row).toContainText('ops@example.com');
        await expect(row).toContainText('demo_root');
        await expect(row.locator('[data-connection]')).toHaveText('Online');
        await expect(row.locator('td').filter({ hasText: /^3$/ })).toHaveCount(1);

        // Its registration detail: the owner's link to the device the box reported.
        await row.locator('.ant-table-row-expand-icon').click();
        const links = page.getByTestId('box-reg-links');
        await expect(links).toBeVisible();
        const link = links.locator('tbody tr.ant-table-row');
        await expect(link).toHaveCount(1);
        // The device as people know it, box id / controller, not its internal id.
        await expect(link.locator('td').first()).toHaveText(`${start}/1`);
        await expect(link).toContainText('demo_manager');
        await expect(link).toContainText('Owner');
        await expect(link).toContainText('Full control');
        await screenshot(page, 'box-reg-list-en');
      } finally {
        await box.endAsync();
      }
    });

    test('at 800 px: the mobile layout, the list, the form and the result', async ({ page }) => {
      const start = freshBoxId();
      await registerByApi(page.request, start, start + 1);
      await page.setViewportSize({ width: 800, height: 900 });
      await open(page, '/dashboard');
      await expect(page.getByTestId('sidebar')).toBeHidden();
      await page.getByTestId('hamburger').click();
      await page.getByTestId('menu-boxRegInfo').click();
      await expectShown(page, /\/box-reg-info\/list$/);
      await expect(page.getByTestId('sidebar')).toBeHidden();
      await expect(page.getByTestId('box-reg-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
      await screenshot(page, 'box-reg-list-800');

      await page.getByTestId('box-reg-create').click();
      await page.getByTestId('box-reg-form-start').fill(String(start + 10));
      await page.getByTestId('box-reg-form-end').fill(String(start + 11));
      await pickUser(page, 'demo_manager');
      await page.getByTestId('box-reg-form-type').fill('E2E-GW');
      await screenshot(page, 'box-reg-create-800');
      await page.getByTestId('box-reg-submit').click();
      await expect(page.getByTestId('box-reg-credentials').locator('tbody tr.ant-table-row')).toHaveCount(2);
      await screenshot(page, 'box-reg-result-800');

      // Leaving before saving the passwords asks first; staying keeps them.
      await page.getByTestId('box-reg-back').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText('Leave without saving the credentials?');
      await dialogSettled(page);
      await dialog.getByRole('button', { name: 'Stay' }).click();
      // The question is gone before the next one is asked (a closing dialog takes no click).
      await expect(dialog).toBeHidden();
      await expectShown(page, /\/box-reg-info\/create$/);
      await expect(page.getByTestId('box-reg-credentials')).toBeVisible();
      await expect(page.getByTestId('tag-/box-reg-info/create')).toBeVisible();
      await page.getByTestId('box-reg-back').click();
      await expect(dialog).toContainText('Leave without saving the credentials?');
      await dialogSettled(page);
      await dialog.getByRole('button', { name: 'Leave' }).click();
      await expectShown(page, /\/box-reg-info\/list$/);
      // Done with, the form's tab is closed: the list is where the user is.
      await expect(page.getByTestId('tag-/box-reg-info/create')).toHaveCount(0);
    });
  });

  test('root and limited admins see it in the menu; its old address opens the list', async ({ page }) => {
    await asRole(page, 'demo_limited_admin');
    await open(page, '/dashboard');
    await page.getByTestId('menu-boxRegInfo').click();
    await expectShown(page, /\/box-reg-info\/list$/);
    await expect(page.getByTestId('box-reg-table')).toBeVisible();
    // The list's old address, the group's bare path, opens the list with its filters.
    await page.goto('/box-reg-info?boxId=100001');
    await expectShown(page, /\/box-reg-info\/list\?boxId=100001$/);
    await expect(page.getByTestId('box-reg-table')).toBeVisible();
    // The create page is not in the menu.
    await expect(page.getByTestId('sidebar').getByText('Register boxes')).toHaveCount(0);
  });
});
