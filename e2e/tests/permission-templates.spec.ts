import { ownBox } from './boxes.js';
import { apiLogin, baseUrl, expect, expectShown, openShell as open, reg, screenshot, shown as byId, signIn, test } from './fixtures.js';

/**
 * Permission templates (/device-type/permission, modify/{id}; docs/people.md): root makes a template through the
 * screens that lets its holders see only the discharge pressure and the start/stop command of a screw compressor and
 * write only the latter. A sub-manager given it sees exactly those two registers on their device, with one write
 * control.
 */

test.describe.configure({ mode: 'serial' });

const PRESSURE = reg('screw-compressor', 'discharge_pressure');
const START_STOP = reg('screw-compressor', 'start_stop_command');
const LOAD = reg('screw-compressor', 'load_pressure');
const base = 2_070_000_000 + Math.floor(Math.random() * 4_000_000) * 10;
const boxId = base + 1;
ownBox(boxId, `E2E Template Co ${base}`, 'screw-compressor', async () => {});
const templateName = `Pressure watch ${base}`;
const holder = `t${String(base).slice(-8)}`;

test('root makes a template per register; its holder sees and writes exactly what it grants', async ({ page }) => {
  await signIn(page, 'demo_root');
  await open(page, '/device-type/permission');
  await expect(byId(page, 'template-table')).toContainText('Operator');
  await screenshot(page, 'templates-list');
  await byId(page, 'template-new').click();
  await page.getByTestId('template-new-name').fill(templateName);
  await page.getByTestId('template-new-level').fill('6');
  await page.getByTestId('template-new-ok').click();
  await expectShown(page, /\/device-type\/permission\/modify\/\d+$/);
  const id = Number(/modify\/(\d+)/.exec(page.url())?.[1]);

  await byId(page, 'template-type-screw-compressor').click();
  const typeId = await byId(page, 'template-types')
    .locator('[data-testid^="template-none-"]')
    .first()
    .getAttribute('data-testid')
    .then((v) => Number(v?.replace('template-none-', '')));
  await byId(page, `template-none-${typeId}`).click();
  await expect(byId(page, `template-read-${typeId}-${PRESSURE}`)).not.toBeChecked();
  await byId(page, `template-read-${typeId}-${PRESSURE}`).check();
  await byId(page, `template-write-${typeId}-${START_STOP}`).check();
  // Write implies read.
  await expect(byId(page, `template-read-${typeId}-${START_STOP}`)).toBeChecked();
  await expect(byId(page, `template-write-${typeId}-${LOAD}`)).not.toBeChecked();
  await screenshot(page, 'template-modify');
  await byId(page, 'template-save').click();
  await expect(page.getByText('The template was saved; its users follow it at once.')).toBeVisible();

  // A sub-manager of demo_manager holding it, with the device assigned (through the calls the screens use).
  const request = page.request;
  const manager = await apiLogin(request, 'demo_manager');
  const headers = { authorization: `Bearer ${manager}` };
  const api = (path: string) => `${baseUrl()}/api/v2${path}`;
  const made = await request.post(api('/user_register/add_next_manager'), {
    headers,
    data: { username: holder, password: 'holder123', templateId: id },
  });
  const userId = ((await made.json()) as { data: { id: number } }).data.id;
  const devices = await request.get(api(`/user_register/get_unassigned_devices?userId=${userId}&q=${boxId}`), { headers });
  const deviceId = ((await devices.json()) as { data: { items: Array<{ deviceId: number }> } }).data.items[0]?.deviceId;
  await request.post(api('/user_register/assign_device'), { headers, data: { userId, deviceId } });

  const context = await page.context().browser()?.newContext();
  if (!context) throw new Error('no browser');
  const holderPage = await context.newPage();
  await context.addCookies([{ name: 'Admin-Token', value: await apiLogin(holderPage.request, holder, 'holder123'), url: baseUrl() }]);
  await open(holderPage, `/devices/controller/${boxId}/1`);
  await expect(byId(holderPage, 'device-detail')).toHaveAttribute('data-device', `${boxId}-1`);
  const rows = byId(holderPage, 'register-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(byId(holderPage, `register-value-${PRESSURE}`)).toBeVisible();
  await expect(byId(holderPage, `register-write-${START_STOP}`)).toBeVisible();
  await expect(byId(holderPage, `register-write-${LOAD}`)).toHaveCount(0);
  await screenshot(holderPage, 'template-holder-device');
  await context.close();

  // The template is held now: it cannot be deleted.
  await open(page, '/device-type/permission');
  await byId(page, `template-delete-${id}`).click();
  await page.getByTestId('template-delete-ok').click();
  await expect(page.getByText('1 user(s) hold this template; give them another one first.')).toBeVisible();
});

test('the template pages in every language at desktop and phone width', async ({ page }) => {
  for (const [lang, title] of [
    ['en', 'Permission templates'],
    ['zh', '权限模板'],
    ['es', 'Plantillas de permisos'],
    ['ja', '権限テンプレート'],
  ] as const) {
    await signIn(page, 'demo_root', lang);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await open(page, '/device-type/permission');
      await expect(page.locator('.dms-page:not([hidden])').getByText(title).first()).toBeVisible();
      await expect(byId(page, 'template-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
      await screenshot(page, `templates-${lang}-${width}`);
    }
  }
});
