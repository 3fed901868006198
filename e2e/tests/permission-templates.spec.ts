import { apiSend, ownBox } from './boxes.js';
import {
  apiLogin,
  asRole,
  baseUrl,
  dialogSettled,
  expect,
  expectShown,
  openShell as open,
  PASSWORD,
  reg,
  screenshot,
  shown as byId,
  signIn,
  test,
  tokenOf,
} from './fixtures.js';

/**
 * Permission templates (/device-type/permission, modify/{id}; docs/people.md): root makes a template through the
 * screens that lets its holders see only the discharge pressure and the start/stop command of a screw compressor and
 * write only the latter. A sub-manager given it sees exactly those two registers on their device, with one write
 * control. A template that reads only a maglev blower's speed: its holder sees the other gauges withheld ("—" and
 * why, never 0), and the history offers the speed alone. The template pages in each language and width:
 * language-sweep.spec.ts.
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
const SPEED = reg('maglev-blower', 'speed');
const blowerId = base + 2;
ownBox(blowerId, `E2E Template Co ${base}`, 'maglev-blower', async (box) => {
  const blower = (key: string) => reg('maglev-blower', key);
  await box.publish(Date.now(), { [SPEED]: 28000, [blower('power')]: 1234, [blower('flow')]: 856, [blower('outlet_pressure')]: 655 });
});
const speedWatcher = `s${String(base).slice(-8)}`;

test('root makes a template per register; its holder sees and writes exactly what it grants', async ({ page }) => {
  await asRole(page, 'demo_root');
  await open(page, '/device-type/permission');
  await expect(byId(page, 'template-table')).toContainText('Operator');
  await screenshot(page, 'templates-list');
  await byId(page, 'template-new').click();
  await dialogSettled(page);
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
  const manager = tokenOf('demo_manager');
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

  const context = await page.context().browser()?.newContext({ reducedMotion: 'reduce' });
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

  // The search narrows the list to it (the URL keeps the search), and finds a built-in template by its name in
  // another language.
  await open(page, '/device-type/permission');
  const listed = byId(page, 'template-table').locator('tbody tr.ant-table-row');
  await expect(listed.filter({ hasText: 'Operator' })).toHaveCount(1);
  await byId(page, 'template-search').fill(String(base));
  await byId(page, 'template-search').press('Enter');
  await expectShown(page, new RegExp(`/device-type/permission\\?q=${base}$`));
  await expect(listed).toHaveCount(1);
  await expect(byId(page, `template-open-${id}`)).toHaveText(templateName);
  await byId(page, 'template-search').fill('solo LECTURA');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('Read only');
  await page.reload();
  await expect(byId(page, 'template-search')).toHaveValue('solo LECTURA');
  await expect(listed).toHaveCount(1);
  await byId(page, 'template-search').fill(templateName);
  await expect(listed).toHaveCount(1);
  // The template is held now: it cannot be deleted.
  await byId(page, `template-delete-${id}`).click();
  await page.getByTestId('template-delete-ok').click();
  await expect(page.getByText('1 user(s) hold this template; give them another one first.')).toBeVisible();
});

test('a template that withholds registers: its holder sees them withheld, never 0, and the history offers none of them', async ({
  page,
}) => {
  // Root: a template that reads a maglev blower's speed and nothing else.
  const request = page.request;
  const root = tokenOf('demo_root');
  const types = (await (
    await request.get(`${baseUrl()}/api/v2/controller-types`, { headers: { authorization: `Bearer ${root}` } })
  ).json()) as { data: Array<{ id: number; code: string }> };
  const maglev = types.data.find((ty) => ty.code === 'maglev-blower')?.id ?? 0;
  const name = `Speed watch ${base}`;
  const made = (await apiSend(request, root, 'POST', '/permission-templates', { name, level: 6 })) as { id: number };
  await apiSend(request, root, 'PUT', `/permission-templates/${made.id}`, {
    name,
    level: 6,
    defaultRead: false,
    defaultWrite: 'none',
    rights: [{ typeId: maglev, register: SPEED, read: true, write: false }],
  });
  // demo_manager's sub-manager holding it, with the blower assigned.
  const manager = tokenOf('demo_manager');
  const user = (await apiSend(request, manager, 'POST', '/user_register/add_next_manager', {
    username: speedWatcher,
    password: PASSWORD,
    templateId: made.id,
  })) as { id: number };
  const devices = await request.get(`${baseUrl()}/api/v2/user_register/get_unassigned_devices?userId=${user.id}&q=${blowerId}`, {
    headers: { authorization: `Bearer ${manager}` },
  });
  const deviceId = ((await devices.json()) as { data: { items: Array<{ deviceId: number }> } }).data.items[0]?.deviceId;
  await apiSend(request, manager, 'POST', '/user_register/assign_device', { userId: user.id, deviceId });

  await signIn(page, speedWatcher);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await open(page, `/devices/maglev-controller/${blowerId}/1`);
    await expect(byId(page, 'device-gauge-speed')).toHaveAttribute('data-value', '28000');
    await expect(byId(page, 'device-gauge-speed')).toHaveAttribute('data-withheld', '');
    for (const key of ['power', 'flow', 'outlet_pressure']) {
      // Withheld: no value (never 0), and why.
      await expect(byId(page, `device-gauge-${key}`)).toHaveAttribute('data-withheld', 'template');
      await expect(byId(page, `device-gauge-${key}`)).toHaveAttribute('data-value', '');
    }
    await byId(page, 'device-gauge-power').hover();
    await expect(page.locator('.ant-tooltip:visible')).toHaveText('Your permission template does not let you read this register.');
    await screenshot(page, `template-withheld-gauges-${width}`);
  }
  // The register list shows the speed alone.
  await expect(byId(page, 'register-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(byId(page, `register-value-${SPEED}`)).toHaveAttribute('data-raw', '28000');

  // The history offers and preselects the speed alone.
  await page.setViewportSize({ width: 1440, height: 900 });
  await byId(page, 'device-link-history').click();
  await expectShown(page, new RegExp(`/devices/history/${blowerId}/1$`));
  const select = byId(page, 'history-registers');
  await expect(select).toContainText('Speed (rpm)');
  await select.click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveCount(1);
  await expect(byId(page, 'history-table').locator('thead th')).toHaveCount(2);
});
