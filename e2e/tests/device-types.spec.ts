import ExcelJS from 'exceljs';
import type { TypeEditView } from '@dms/contract';
import { apiGet, connectBox, registerBoxes, sayHello } from './boxes.js';
import {
  asRole,
  baseUrl,
  dialogClosed,
  dialogSettled,
  expect,
  fromMenu,
  goInApp,
  openShell as open,
  reg,
  screenshot,
  shown as byId,
  test,
  tokenOf,
} from './fixtures.js';

/**
 * Controller types (/device-type/type-config; issue 20; docs/api.md "Controller types"): root finds the built-in
 * types, copies the screw compressor as a type of its own (a bad code refused with its message first), a box that
 * reports the new code gets it without a restart, so its delete is refused while that device uses it; the list goes
 * to .xlsx with its search, and an unused copy is deleted. A model code a box reports that names no type is offered on
 * /device-type/relation; mapped there, its device takes the type at once: its values read with the type's map. Root
 * edits a type's map (/device-type/type-config/edit/{id}): a broken rule is named by row, a register of two words is
 * added and saved as the next version, and a box's device shows it at once. The pages in each language and width:
 * language-sweep.spec.ts.
 */

test.describe.configure({ mode: 'serial' });

const base = 2_080_000_000 + Math.floor(Math.random() * 4_000_000) * 10;
const RUN_STATE = reg('screw-compressor', 'run_state');

const rows = (page: Parameters<typeof byId>[0]) => byId(page, 'type-table').locator('tbody tr.ant-table-row');

async function search(page: Parameters<typeof byId>[0], q: string): Promise<void> {
  const input = byId(page, 'type-search');
  await input.fill(q);
  await input.press('Enter');
}

test('root copies a type, a box reporting its code takes it live, and a type in use cannot be deleted', async ({
  page,
  playwright,
}, info) => {
  // Its own codes and box on each run (a retry or --repeat-each on the same server).
  const run = base + info.retry * 100 + info.repeatEachIndex * 1000;
  const code = `e2e-compressor-${run}`;
  const spare = `e2e-spare-${run}`;
  await asRole(page, 'demo_root');
  await open(page, '/dashboard');
  await fromMenu(page, 'Device types', 'typeConfig');
  await expect(page).toHaveURL(/\/device-type\/type-config$/);
  await expect(byId(page, 'type-table')).toContainText('screw-compressor');
  await expect(byId(page, 'type-code-maglev-blower')).toContainText('Built-in');

  // The kind filter and the search, kept in the URL.
  await byId(page, 'type-kind').click();
  await page.locator('.ant-select-dropdown:visible').getByText('PLC', { exact: true }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('generic-plc');
  await expect(page).toHaveURL(/kind=plc/);
  await byId(page, 'type-kind').click();
  await page.locator('.ant-select-dropdown:visible').getByText('All kinds').click();
  await expect(page).not.toHaveURL(/kind=/);
  await search(page, 'Maglev');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('maglev-blower');
  await search(page, '');

  // A copy: a bad code is refused with the server's message, then the right one makes version 1 of a new type.
  await byId(page, 'type-copy-screw-compressor').click();
  await dialogSettled(page);
  const dialog = page.getByRole('dialog');
  await expect(page.getByTestId('type-copy-code')).toHaveValue('screw-compressor-copy');
  await page.getByTestId('type-copy-code').fill('Bad Code');
  await page.getByTestId('type-copy-ok').click();
  await expect(dialog).toContainText('The code is 1 to 64 lower-case letters, digits and hyphens, starting with a letter.');
  await page.getByTestId('type-copy-code').fill(code);
  await page.getByTestId('type-copy-name-en').fill('E2E compressor');
  await screenshot(page, 'type-config-copy');
  await page.getByTestId('type-copy-ok').click();
  await dialogClosed(page);
  await expect(page.locator('.ant-message')).toContainText(`Type ${code} created.`);
  await search(page, code);
  await expect(rows(page)).toHaveCount(1);
  const row = rows(page).first();
  await expect(row).toContainText('E2E compressor');
  await expect(row).toContainText('v1');
  await expect(byId(page, `type-devices-${code}`)).toHaveText('0');

  // A box that reports the new code: its controller takes the type without a restart.
  const request = await playwright.request.newContext();
  const boxId = run + 1;
  const password =
    (await registerBoxes(request, 'demo_manager', boxId, boxId, { boxType: 'E2E-GW', companyName: `E2E Types ${run}` }))[0]?.password ?? '';
  await request.dispose();
  const box = await connectBox(boxId, password);
  try {
    await sayHello(box, boxId, [{ index: 1, type: code }]);
    await expect(async () => {
      await byId(page, 'type-reload').click();
      await expect(byId(page, `type-devices-${code}`)).toHaveText('1', { timeout: 1000 });
    }).toPass({ timeout: 15_000 });

    // In use: the delete is refused with the server's message, and the type stays.
    await byId(page, `type-delete-${code}`).click();
    await page.getByTestId('type-delete-ok').click();
    await expect(page.locator('.ant-message')).toContainText('1 device(s) use this controller type; give them another type first.');
    await expect(rows(page)).toHaveCount(1);
  } finally {
    await box.endAsync();
  }

  // The list as searched (the copy alone), to .xlsx.
  await expect(rows(page)).toHaveCount(1);
  const [download] = await Promise.all([page.waitForEvent('download'), byId(page, 'type-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^controller-types-.*\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the export has no sheet');
  expect(sheet.getRow(1).getCell(1).value).toBe('Code');
  expect(sheet.rowCount).toBe(2);
  expect(sheet.getRow(2).getCell(1).value).toBe(code);
  expect(sheet.getRow(2).getCell(3).value).toBe('E2E compressor');

  // A copy no device uses is deleted.
  await byId(page, `type-copy-${code}`).click();
  await dialogSettled(page);
  await page.getByTestId('type-copy-code').fill(spare);
  await page.getByTestId('type-copy-ok').click();
  await dialogClosed(page);
  await search(page, spare);
  await expect(rows(page)).toHaveCount(1);
  await byId(page, `type-delete-${spare}`).click();
  await page.getByTestId('type-delete-ok').click();
  await expect(page.locator('.ant-message')).toContainText(`Type ${spare} deleted.`);
  await expect(byId(page, 'type-table')).not.toContainText(spare);
});

test('root maps a model code the fleet reports without a type; its device takes the type live', async ({ page, playwright }, info) => {
  const run = base + 500 + info.retry * 100 + info.repeatEachIndex * 1000;
  const modelCode = `E2E-AC-${run}`;
  const boxId = run + 2;
  const request = await playwright.request.newContext();
  const password =
    (await registerBoxes(request, 'demo_manager', boxId, boxId, { boxType: 'E2E-GW', companyName: `E2E Codes ${run}` }))[0]?.password ?? '';
  await request.dispose();
  const box = await connectBox(boxId, password);
  try {
    await sayHello(box, boxId, [{ index: 1, type: modelCode }]);

    await asRole(page, 'demo_root');
    await open(page, '/dashboard');
    await fromMenu(page, 'Device types', 'relation');
    await expect(page).toHaveURL(/\/device-type\/relation$/);
    // The code is offered among those reported without a type; chosen, it is mapped to the screw compressor.
    const offered = byId(page, `relation-unmapped-${modelCode}`);
    await expect(async () => {
      await byId(page, 'relation-reload').click();
      await expect(offered).toHaveText(`${modelCode} · 1 device`, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await offered.click();
    await dialogSettled(page);
    await expect(page.getByTestId('relation-code')).toHaveValue(modelCode);
    await page.getByTestId('relation-save').click();
    await expect(page.getByRole('dialog')).toContainText('Please choose a controller type.');
    await page.getByTestId('relation-type').click();
    await page.locator('.ant-select-dropdown:visible').getByText('Oil-injected screw air compressor (screw-compressor)').click();
    await screenshot(page, 'relation-map');
    await page.getByTestId('relation-save').click();
    await dialogClosed(page);
    await expect(page.locator('.ant-message')).toContainText(
      `${modelCode} now stands for Oil-injected screw air compressor: 1 device follows it.`,
    );
    await expect(byId(page, `relation-devices-${modelCode}`)).toHaveText('1');
    await expect(offered).toBeHidden();

    // Ingest reads its values with the type's map from now on, without a restart: bit 0 of the fault register is
    // the main motor overload, and the device is in fault.
    const faultBits = reg('screw-compressor', 'fault_bits');
    await box.publishAsync(`box/${boxId}/up/data`, JSON.stringify({ v: 1, seq: 1, ts: Date.now(), c: { '1': { [faultBits]: 1 } } }), {
      qos: 1,
    });
    await open(page, `/devices/controller/${boxId}/1`);
    await expect(byId(page, 'device-status')).toHaveAttribute('data-status', 'online_fault');
    await expect(byId(page, `register-value-${faultBits}`)).toHaveText('Main motor overload');
  } finally {
    await box.endAsync();
  }
});

test("root edits a type's register map: a broken rule named by row, then a 32-bit register saved as the next version, which a box's device shows at once", async ({
  page,
  playwright,
}, info) => {
  // A long walk (a type, a box, 55 editable rows of 20 controls, a save, the device page) on a machine running another
  // spec beside it.
  test.setTimeout(90_000);
  const run = base + 50 + info.retry * 100 + info.repeatEachIndex * 1000;
  const code = `e2e-edited-${run}`;
  const boxId = run + 1;
  // Its own type (a copy of the screw compressor) and a box whose controller reports it, through the API.
  const request = await playwright.request.newContext();
  const headers = { authorization: `Bearer ${tokenOf('demo_root')}` };
  const types = (await (await request.get(`${baseUrl()}/api/v2/controller-types`, { headers })).json()) as {
    data: Array<{ id: number; code: string }>;
  };
  const screw = types.data.find((x) => x.code === 'screw-compressor')?.id ?? 0;
  const copied = await request.post(`${baseUrl()}/api/v2/controller-types/${screw}/copy`, {
    headers,
    data: { code, name: { en: 'E2E edited', zh: 'E2E 编辑', es: 'E2E editado', ja: 'E2E 編集' } },
  });
  expect(copied.ok()).toBe(true);
  const password =
    (await registerBoxes(request, 'demo_manager', boxId, boxId, { boxType: 'E2E-GW', companyName: `E2E Edited ${run}` }))[0]?.password ??
    '';
  await request.dispose();
  const box = await connectBox(boxId, password);
  /** When the snapshots were stamped, oldest first. */
  const stamped: number[] = [];
  /** A snapshot with the new register's words: 0x0002 0x0000 is 131,072 read as one 32-bit value. */
  const publishBig = () => {
    const ts = Date.now();
    stamped.push(ts);
    return box.publishAsync(
      `box/${boxId}/up/data`,
      JSON.stringify({ v: 1, seq: ts, ts, c: { '1': { [RUN_STATE]: 2, 60000: 2, 60001: 0 } } }),
      {
        qos: 1,
      },
    );
  };
  try {
    await sayHello(box, boxId, [{ index: 1, type: code }]);
    await asRole(page, 'demo_root');
    await open(page, '/device-type/type-config');
    await search(page, code);
    await byId(page, `type-edit-${code}`).click();
    await expect(page).toHaveURL(/\/device-type\/type-config\/edit\/\d+$/);
    await expect(byId(page, 'type-edit-version')).toHaveText('v1');

    // A number used twice: the row and the field are named before anything is sent, and Save waits.
    const first = await byId(page, 'type-edit-number-1').inputValue();
    const second = await byId(page, 'type-edit-number-2').inputValue();
    await byId(page, 'type-edit-number-2').fill(first);
    await expect(byId(page, 'type-edit-problems')).toContainText(`Row 2: register ${first} is also in row 1.`);
    await expect(byId(page, 'type-edit-save')).toBeDisabled();
    await screenshot(page, 'type-edit-problem');
    await byId(page, 'type-edit-number-2').fill(second);
    await expect(byId(page, 'type-edit-problems')).toHaveCount(0);

    // The run state's options, in their dialog: value 2 renamed; a name left empty is named by row first.
    const options = async (name: string) => {
      await byId(page, 'type-edit-options-1').click();
      await dialogSettled(page);
      await page.getByTestId('type-options-name-2-en').fill(name);
      await page.getByTestId('type-options-apply').click();
      await dialogClosed(page);
    };
    await options('');
    await expect(byId(page, 'type-edit-problems')).toContainText('Row 1: the name of value 2 in English is missing.');
    await options('Loaded (full)');
    await expect(byId(page, 'type-edit-problems')).toHaveCount(0);

    // A register of two words added, named in every language; the save shows what changed first.
    await publishBig(); // not in the map yet: dropped
    await byId(page, 'type-edit-add').click();
    // The new row is the last, on the page the table turns to; its first cell is its place in the map.
    const n = Number(await byId(page, 'type-edit-table').locator('tbody tr.ant-table-row').last().locator('td').first().innerText());
    expect(n).toBeGreaterThan(50);
    await byId(page, `type-edit-number-${n}`).fill('60000');
    await byId(page, `type-edit-key-${n}`).fill('energy_big');
    for (const [lang, name] of [
      ['en', 'Big energy'],
      ['zh', '大电量'],
      ['es', 'Energía grande'],
      ['ja', '大電力量'],
    ] as const)
      await byId(page, `type-edit-name-${lang}-${n}`).fill(name);
    await byId(page, `type-edit-unit-${n}`).fill('kWh');
    await byId(page, `type-edit-words-${n}`).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="2"]').click();
    await expect(byId(page, 'type-edit-problems')).toHaveCount(0);
    await byId(page, 'type-edit-save').click();
    await dialogSettled(page);
    await expect(page.getByTestId('type-diff-added')).toHaveAttribute('data-count', '1');
    await expect(page.getByTestId('type-diff-added')).toContainText('Big energy');
    await expect(page.getByTestId('type-diff-changed')).toHaveAttribute('data-count', '1');
    await page.getByTestId('type-edit-confirm').click();
    // The message first: it shows for 3 s, which a loaded machine may spend closing the dialog.
    await expect(page.locator('.ant-message')).toContainText(`${code} saved as version 2.`);
    await dialogClosed(page);
    await expect(byId(page, 'type-edit-version')).toHaveText('v2');

    // The versions, each with what it changed.
    await byId(page, 'type-version-changes-2').click();
    await dialogSettled(page);
    await expect(page.getByTestId('type-diff-added')).toContainText('60000');
    await page.keyboard.press('Escape');
    await dialogClosed(page);

    // The box's device reads the new register at once, both words as one value past 65,535.
    await publishBig();
    await goInApp(page, `/devices/controller/${boxId}/1`);
    await expect(byId(page, 'register-value-60000')).toHaveText('131072');
    await expect(byId(page, `register-value-${RUN_STATE}`)).toHaveText('Loaded (full)');

    // Its history reads each row with the map of its moment: the run state stored before the save with version 1's
    // name, the one after it with version 2's.
    await goInApp(page, `/devices/history/${boxId}/1`);
    await byId(page, 'history-registers').locator('input').fill('Run state');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Run state' }).click();
    await page.keyboard.press('Escape');
    await expect(byId(page, 'history-table').locator('thead th', { hasText: 'Run state' })).toBeVisible();
    const rows = byId(page, 'history-table').locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('Loaded (full)');
    await expect(rows.nth(1)).toContainText('Loaded');
    await expect(rows.nth(1)).not.toContainText('Loaded (full)');
    // So does the snapshot of the first moment.
    await goInApp(page, `/devices/error-details/${boxId}/${stamped[0] ?? 0}?controller=1`);
    await expect(byId(page, `snapshot-value-${RUN_STATE}`)).toHaveText('Loaded');
  } finally {
    await box.endAsync();
  }
});

test('root makes a new type: named in each language, its empty map filled in the editor that opens, then saved', async ({ page }, info) => {
  const code = `e2e-new-${base + 70 + info.retry * 100 + info.repeatEachIndex * 1000}`;
  await asRole(page, 'demo_root');
  await open(page, '/device-type/type-config');
  await byId(page, 'type-create').click();
  await dialogSettled(page);
  await page.getByTestId('type-create-code').fill(code);
  for (const [lang, name] of [
    ['en', 'New machine'],
    ['zh', '新机器'],
    ['es', 'Máquina nueva'],
    ['ja', '新しい機械'],
  ] as const)
    await page.getByTestId(`type-create-name-${lang}`).fill(name);
  await page.getByTestId('type-create-ok').click();
  await dialogClosed(page);
  await expect(page.locator('.ant-message')).toContainText(`Type ${code} created.`);
  await expect(page).toHaveURL(/\/device-type\/type-config\/edit\/\d+$/);
  await expect(byId(page, 'type-edit-version')).toHaveText('v1');
  await expect(byId(page, 'type-edit-table').locator('tbody tr.ant-table-row')).toHaveCount(0);

  // One register: until it is named in every language, the rule says which row and language are missing.
  await byId(page, 'type-edit-add').click();
  await byId(page, 'type-edit-key-1').fill('pressure');
  await byId(page, 'type-edit-name-en-1').fill('Pressure');
  await expect(byId(page, 'type-edit-problems')).toContainText('Row 1: the name in 中文 is missing.');
  await byId(page, 'type-edit-name-zh-1').fill('压力');
  await byId(page, 'type-edit-name-es-1').fill('Presión');
  await byId(page, 'type-edit-name-ja-1').fill('圧力');
  await byId(page, 'type-edit-signed-1').click();
  // An operating register is a writable one: the flag waits for writable; the role is the start/stop switch.
  await expect(byId(page, 'type-edit-operating-1')).toBeDisabled();
  await byId(page, 'type-edit-writable-1').click();
  await byId(page, 'type-edit-operating-1').click();
  await byId(page, 'type-edit-role-1').click();
  await page.locator('.ant-select-dropdown:visible').getByText('Start/stop switch', { exact: true }).click();
  await expect(byId(page, 'type-edit-problems')).toHaveCount(0);
  await byId(page, 'type-edit-save').click();
  await dialogSettled(page);
  await expect(page.getByTestId('type-diff-added')).toHaveAttribute('data-count', '1');
  await page.getByTestId('type-edit-confirm').click();
  await dialogClosed(page);
  await expect(byId(page, 'type-edit-version')).toHaveText('v2');
  await expect(byId(page, 'type-edit-signed-1')).toBeChecked();
  await expect(byId(page, 'type-edit-operating-1')).toBeChecked();
  await expect(byId(page, 'type-edit-role-1')).toContainText('Start/stop switch');
  // Saved in the map as the server keeps it.
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const saved = (await apiGet(page.request, tokenOf('demo_root'), `/controller-types/${id}/edit`)).data as TypeEditView;
  expect(saved.registers[0]).toMatchObject({ key: 'pressure', signed: true, writable: true, operating: true, role: 'switch' });
});

test('root makes a type by upload: the template downloaded, a bad row shown with its row and column, the file fixed, then applied', async ({
  page,
  playwright,
}, info) => {
  const code = `e2e-upload-${base + 80 + info.retry * 100 + info.repeatEachIndex * 1000}`;
  const request = await playwright.request.newContext();
  const made = await request.post(`${baseUrl()}/api/v2/controller-types`, {
    headers: { authorization: `Bearer ${tokenOf('demo_root')}` },
    data: { code, kind: 'plc', name: { en: 'E2E upload', zh: 'E2E 上传', es: 'E2E subida', ja: 'E2E アップロード' } },
  });
  const id = ((await made.json()) as { data: { id: number } }).data.id;
  await request.dispose();
  await asRole(page, 'demo_root');
  await open(page, `/device-type/type-config/edit/${id}`);
  await byId(page, 'type-edit-upload').click();
  await expect(page).toHaveURL(new RegExp(`/device-type/type-config/upload/${id}/en$`));

  // The template: the (empty) map in the upload's columns.
  const [download] = await Promise.all([page.waitForEvent('download'), byId(page, 'type-upload-template').click()]);
  const template = new ExcelJS.Workbook();
  await template.xlsx.readFile(await download.path());
  expect(template.worksheets[0]?.getRow(1).getCell(1).value).toBe('Number');
  expect(template.worksheets[0]?.getRow(1).getCell(11).value).toBe('Word order');

  const header = 'Number,Key,Name,Format,Unit,Decimals,Writable,Min,Max,Words,Word order,Signed,Encoding,Factor,Offset';
  const file = (rows: string[]) => ({ name: 'map.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...rows].join('\n')) });
  const input = page.locator('.dms-page:not([hidden]) input[type=file]');
  // One bad cell: shown with its row and column, nothing applied.
  await input.setInputFiles(file(['0,total_flow,Total flow,number,m3,1,no,,,2,,no,int,,', '2,level,Level,number,m,two,no,,,1,,yes,int,,']));
  await expect(byId(page, 'type-upload-problems')).toContainText('Row 3, Decimals: a whole number is needed.');
  await expect(byId(page, 'type-upload-apply')).toBeDisabled();
  await screenshot(page, 'type-upload-problem');
  // Fixed: the rows, their names copied to the other languages, the diff; applied as version 2.
  await input.setInputFiles(file(['0,total_flow,Total flow,number,m3,1,no,,,2,,no,int,,', '2,level,Level,number,m,2,no,,,1,,yes,int,,']));
  await expect(byId(page, 'type-upload-problems')).toHaveCount(0);
  await expect(byId(page, 'type-upload-copied')).toBeVisible();
  await expect(byId(page, 'type-diff-added')).toHaveAttribute('data-count', '2');
  await expect(byId(page, 'type-upload-rows').locator('tbody tr.ant-table-row')).toHaveCount(2);
  await byId(page, 'type-upload-apply').click();
  await expect(page).toHaveURL(new RegExp(`/device-type/type-config/edit/${id}$`));
  await expect(byId(page, 'type-edit-version')).toHaveText('v2');
  await expect(byId(page, 'type-edit-key-1')).toHaveValue('total_flow');
  await expect(byId(page, 'type-edit-signed-2')).toBeChecked();
});
