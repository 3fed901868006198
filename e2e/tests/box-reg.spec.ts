import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { connectBox, registerBoxes, sayHello } from './boxes.js';
import { baseUrl, cellText, expect, expectShown, openShell as open, screenshot, signIn, test } from './fixtures.js';
import type { APIRequestContext, Page } from '@playwright/test';

/**
 * Box registration (/box-reg-info/list and /create): the list, the registration form, the one-time credentials and their .xlsx,
 * who may open it, each language and the mobile layout. Every test registers its own random range of box ids
 * (7,000,000 and up), so reruns against the same server and parallel workers never collide.
 */

/** A fresh range start; ranges of different tests are at least 100 ids apart. */
function freshBoxId(): number {
  return 7_000_000 + Math.floor(Math.random() * 20_000_000) * 100;
}

/** Registers boxes to demo_manager through the API (for tests about something else than the form). */
function registerByApi(request: APIRequestContext, start: number, end: number): Promise<unknown> {
  return registerBoxes(request, 'demo_manager', start, end, { boxType: 'E2E-GW', companyName: 'E2E Company', contact: 'e2e@example.com' });
}

/** Picks a user in the form's searchable user select. */
async function pickUser(page: Page, username: string): Promise<void> {
  await page.getByTestId('box-reg-form-user').click();
  await page.keyboard.type(username);
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.locator(`[data-username="${username}"]`)).toBeVisible();
  await options.locator(`[data-username="${username}"]`).click();
  await expect(page.getByTestId('box-reg-form-user')).toContainText(username);
}

/** The table's header texts (column groups and columns). */
async function headerTexts(page: Page): Promise<string[]> {
  const texts = await page.getByTestId('box-reg-table').locator('thead th').allInnerTexts();
  return texts.map((s) => s.trim()).filter(Boolean);
}

const ENGLISH_HEADERS = [
  'Box ID',
  'Owner',
  'Box type',
  'Company name',
  'Contact',
  'Push times',
  'Warning',
  'Fault',
  'Normal',
  'Connection',
  'Last seen',
  'IP address',
  'Devices',
  'Registered at',
  'Registered by',
];

test.describe('box registration (/box-reg-info)', () => {
  // Each test signs in and goes through several pages (and most register boxes): more than the default budget
  // on a loaded machine.
  test.describe.configure({ timeout: 120_000 });

  test('root registers a range through the form, sees the credentials once, downloads them once and finds the boxes', async ({ page }) => {
    const start = freshBoxId();
    const end = start + 2;
    const company = `E2E Co ${start}`;
    await signIn(page, 'demo_root');
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

  test('the form checks what the server checks, in the same words, and shows the server refusing a taken range', async ({ page }) => {
    const start = freshBoxId();
    await registerByApi(page.request, start + 1, start + 2);
    await signIn(page, 'demo_limited_admin');
    await open(page, '/box-reg-info/create');

    await page.getByTestId('box-reg-submit').click();
    await expect(page.getByText('Please fill in Start box ID with a positive integer')).toBeVisible();
    await expect(page.getByText('Please fill in Box type')).toBeVisible();

    await page.getByTestId('box-reg-form-start').fill(String(start + 5));
    await page.getByTestId('box-reg-form-end').fill(String(start));
    await page.getByTestId('box-reg-submit').click();
    await expect(page.getByText('The end box id must not be less than the start box id')).toBeVisible();

    await page.getByTestId('box-reg-form-end').fill(String(start + 5 + 1000));
    await page.getByTestId('box-reg-submit').click();
    await expect(page.getByText('One registration may cover at most 1000 boxes')).toBeVisible();

    await page.getByTestId('box-reg-form-push-fault').fill('');
    await page.getByTestId('box-reg-submit').click();
    await expect(page.getByText('Please fill in Fault')).toBeVisible();
    await page.getByTestId('box-reg-form-push-fault').fill('1');

    // A range overlapping registered boxes: the server's 40901 message lists them.
    await page.getByTestId('box-reg-form-start').fill(String(start));
    await page.getByTestId('box-reg-form-end').fill(String(start + 3));
    await pickUser(page, 'demo_manager');
    await page.getByTestId('box-reg-form-type').fill('E2E-GW');
    await page.getByTestId('box-reg-submit').click();
    await expect(page.getByTestId('box-reg-error')).toHaveText(`These box ids are already registered: ${start + 1}, ${start + 2}`);
    await expect(page.getByTestId('box-reg-credentials')).toHaveCount(0);
    await screenshot(page, 'box-reg-form-errors-en');
  });

  test('one message per problem; a push time out of range is refused, not changed; box types are offered', async ({ page }) => {
    const start = freshBoxId();
    // A type of its own registered before: the form offers it beside the known ones.
    const ownType = `E2E-T${start % 100_000}`;
    await registerBoxes(page.request, 'demo_manager', start + 50, start + 50, { boxType: ownType, companyName: 'E2E Company' });
    const token = await signIn(page, 'demo_limited_admin');
    await open(page, '/box-reg-info/create');
    const errors = page.locator('.ant-form-item-explain-error');
    const rangeErrors = page
      .locator('.ant-form-item-has-error')
      .filter({ has: page.locator('#box-registration_startBoxId, #box-registration_endBoxId') });

    // A start id over the limit: its one message, nothing said about the range.
    await page.getByTestId('box-reg-form-start').fill('2147483648');
    await page.getByTestId('box-reg-form-end').fill(String(start));
    await page.getByTestId('box-reg-submit').click();
    await expect(page.getByText('A box id must be at most 2147483647')).toHaveCount(1);
    await expect(rangeErrors).toHaveCount(1);
    await expect(page.getByText('The end box id must not be less than the start box id')).toHaveCount(0);
    // An end id over the limit: one message too (not also "at most 1000 boxes").
    await page.getByTestId('box-reg-form-start').fill(String(start));
    await page.getByTestId('box-reg-form-end').fill('2147483648');
    await page.getByTestId('box-reg-submit').click();
    await expect(page.getByText('A box id must be at most 2147483647')).toHaveCount(1);
    await expect(page.getByText('One registration may cover at most 1000 boxes')).toHaveCount(0);
    await expect(rangeErrors).toHaveCount(1);
    await page.getByTestId('box-reg-form-end').fill(String(start + 1));

    // Push times 11: kept as typed and refused with its message; nothing is registered.
    const fault = page.getByTestId('box-reg-form-push-fault');
    await fault.fill('11');
    await fault.blur();
    await expect(fault).toHaveValue('11');
    await expect(page.getByText('Push times must be between 0 and 10')).toBeVisible();
    await pickUser(page, 'demo_manager');

    // Box type: the known types and the registered one are offered, narrowed as one types; a new type is taken as typed.
    const type = page.getByTestId('box-reg-form-type');
    await type.click();
    const options = page.locator('.dms-box-reg-type-options:visible .ant-select-item-option');
    await expect(options.filter({ hasText: /^DTU-4G$/ })).toHaveCount(1);
    await expect(options.filter({ hasText: new RegExp(`^${ownType}$`) })).toHaveCount(1);
    await screenshot(page, 'box-reg-type-options-en');
    await type.fill(ownType.toLowerCase());
    await expect(options).toHaveText([ownType]);
    await options.first().click();
    await expect(type).toHaveValue(ownType);
    await type.fill('E2E-NEW-TYPE');
    await expect(type).toHaveValue('E2E-NEW-TYPE');

    await page.getByTestId('box-reg-submit').click();
    await expect(fault).toHaveValue('11');
    await expect(page.getByText('Push times must be between 0 and 10')).toBeVisible();
    await expect(errors).toHaveCount(1);
    await expect(page.getByTestId('box-reg-credentials')).toHaveCount(0);
    await screenshot(page, 'box-reg-form-push-en');

    // 10 is taken: registered with the new type.
    await fault.fill('10');
    await page.getByTestId('box-reg-submit').click();
    await expect(page.getByTestId('box-reg-credentials').locator('tbody tr.ant-table-row')).toHaveCount(2);
    const list = await page.request.get(`${baseUrl()}/api/v2/box-reg-info?boxId=${start}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const registered = ((await list.json()) as { data: { items: Array<{ boxType: string; pushFault: number }> } }).data.items;
    expect(registered).toEqual([expect.objectContaining({ boxType: 'E2E-NEW-TYPE', pushFault: 10 })]);
  });

  test('root and limited admins see it in the menu; a manager does not, and gets /401 by URL', async ({ page }) => {
    await signIn(page, 'demo_limited_admin');
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

    await page.context().clearCookies();
    await signIn(page, 'demo_manager');
    await open(page, '/dashboard');
    await expect(page.getByTestId('sidebar').getByText('Data log')).toBeVisible();
    await expect(page.getByTestId('menu-boxRegInfo')).toHaveCount(0);
    await page.goto('/box-reg-info/list');
    await expect(page).toHaveURL(/\/401$/, { timeout: 30_000 });
    await page.goto('/box-reg-info');
    await expect(page).toHaveURL(/\/401$/, { timeout: 30_000 });
    await page.goto('/box-reg-info/create');
    await expect(page).toHaveURL(/\/401$/, { timeout: 30_000 });
  });

  const LANGUAGES: Array<{ lang: string; boxId: string; connection: string; title: string }> = [
    { lang: 'zh', boxId: '盒子ID', connection: '连接状态', title: '盒子注册' },
    { lang: 'es', boxId: 'ID de caja', connection: 'Conexión', title: 'Registro de cajas' },
    { lang: 'ja', boxId: 'ボックスID', connection: '接続', title: 'ボックス登録' },
  ];
  for (const { lang, boxId, connection, title } of LANGUAGES) {
    test(`in ${lang}: the list and the form are translated`, async ({ page }) => {
      const start = freshBoxId();
      await registerByApi(page.request, start, start + 1);
      await signIn(page, 'demo_root', lang);
      await open(page, '/box-reg-info/list');
      await expect(page.getByTestId('menu-boxRegInfo')).toHaveText(title);
      await expect(page.getByTestId('box-reg-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
      const headers = await headerTexts(page);
      expect(headers).toContain(boxId);
      expect(headers).toContain(connection);
      expect(headers.filter((h) => ENGLISH_HEADERS.includes(h))).toEqual([]);
      await screenshot(page, `box-reg-list-${lang}`);

      await page.getByTestId('box-reg-create').click();
      await expectShown(page, /\/box-reg-info\/create$/);
      await page.getByTestId('box-reg-form-start').fill('9');
      await page.getByTestId('box-reg-form-end').fill('3');
      await page.getByTestId('box-reg-submit').click();
      const order: Record<string, string> = {
        zh: '结束盒子ID不能小于起始盒子ID',
        es: 'El id de caja final no puede ser menor que el inicial',
        ja: '終了ボックスIDは開始ボックスID以上である必要があります',
      };
      await expect(page.getByText(order[lang] ?? '')).toBeVisible();
      await screenshot(page, `box-reg-create-${lang}`);
    });
  }

  const BROKER_LABEL: Record<string, string> = {
    en: 'Broker address',
    zh: '服务器地址',
    es: 'Dirección del bróker',
    ja: 'ブローカーアドレス',
  };
  for (const lang of ['en', 'zh', 'es', 'ja']) {
    test(`in ${lang}, at desktop and 390 px: the form and the credentials with the broker address`, async ({ page }) => {
      const start = freshBoxId();
      await signIn(page, 'demo_root', lang);
      await open(page, '/box-reg-info/create');
      await page.getByTestId('box-reg-form-start').fill(String(start));
      await page.getByTestId('box-reg-form-end').fill(String(start + 1));
      await pickUser(page, 'demo_manager');
      await page.getByTestId('box-reg-form-type').fill('DTU-4G');
      await page.getByTestId('box-reg-form-company').fill('E2E Company');
      await screenshot(page, `box-reg-form-${lang}`);
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, `box-reg-form-${lang}-390`);
      await page.getByTestId('box-reg-submit').click();
      const broker = page.getByTestId('box-reg-broker');
      await expect(broker).toContainText(BROKER_LABEL[lang] ?? '');
      await expect(page.getByTestId('box-reg-broker-host')).toHaveText(new URL(baseUrl()).hostname);
      // At 390 px nothing of the broker block runs out of the screen.
      const box = await broker.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      await screenshot(page, `box-reg-result-${lang}-390`);
      await page.setViewportSize({ width: 1440, height: 900 });
      await expect(broker).toBeVisible();
      await screenshot(page, `box-reg-result-${lang}`);
      // The download is saved (copy) so the page may be left without a question.
      await page.getByTestId('box-reg-download').click();
      await expect(page.getByTestId('box-reg-downloaded')).toBeVisible();
    });
  }

  test('at 800 px: the mobile layout, the list, the form and the result', async ({ page }) => {
    const start = freshBoxId();
    await registerByApi(page.request, start, start + 1);
    await page.setViewportSize({ width: 800, height: 900 });
    await signIn(page, 'demo_root');
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
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expectShown(page, /\/box-reg-info\/create$/);
    await expect(page.getByTestId('box-reg-credentials')).toBeVisible();
    await expect(page.getByTestId('tag-/box-reg-info/create')).toBeVisible();
    await page.getByTestId('box-reg-back').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Leave' }).click();
    await expectShown(page, /\/box-reg-info\/list$/);
    // Done with, the form's tab is closed: the list is where the user is.
    await expect(page.getByTestId('tag-/box-reg-info/create')).toHaveCount(0);
  });
});
