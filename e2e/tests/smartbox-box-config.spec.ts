import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { registerBoxes } from './boxes.js';
import { expect, expectShown, openShell, screenshot, shown, test } from './fixtures.js';
import { resize } from './sweep.js';

/**
 * A box type's configuration (/smartbox/upload "Box types", /smartbox/config/upload/{id}/{language},
 * /smartbox/config/protocol/{id}/{language}; issue 23): a registration names a new box type, which root finds with no
 * configuration; root downloads the template, uploads a sheet with a parameter the config command sets out of its
 * range (refused by row, nothing applied), fixes it and applies it; reads the protocol in Chinese, uploads the Chinese
 * names, and reads version 1 again and as .xlsx. The type's range then bounds the report interval box-dws may send.
 * The rules and messages are the server's tests (box-types.test.ts).
 */
test.describe.configure({ mode: 'serial' });
test.use({ role: 'demo_root' });

const first = 2_120_000_000 + Math.floor(Math.random() * 400_000) * 10;
const type = `E2E-CFG-${first % 1_000_000}`;
const company = `E2E Box Config ${first}`;
let typeId = 0;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  await registerBoxes(request, 'demo_manager', first, first + 1, { boxType: type, companyName: company, contact: 'e2e' });
  await request.dispose();
});

const HEADER = 'Key,Name,Format,Unit,Default,Minimum,Maximum,Note';
const csv = (header: string, rows: string[]) => ({
  name: 'config.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from([header, ...rows].join('\n')),
});
const fileInput = (page: Page) => page.locator('.dms-page:not([hidden]) input[type=file]');
const rowOf = (page: Page, key: string) =>
  shown(page, 'box-protocol-table')
    .locator('tbody tr')
    .filter({ has: page.getByRole('cell', { name: key, exact: true }) });

test('root configures a new box type from a sheet, reads its protocol in two languages and versions', async ({ page }) => {
  await openShell(page, '/smartbox/upload');
  await shown(page, 'upload-tab-types').click();
  await shown(page, 'box-types-search').fill(type);
  await shown(page, 'box-types-search').press('Enter');
  await expect(shown(page, `box-type-version-${type}`)).toHaveText('none yet');
  const row = shown(page, 'box-types-table').locator('tbody tr.ant-table-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('2');
  await expect(shown(page, `box-type-protocol-${type}`)).toHaveCount(0);
  await shown(page, `box-type-configure-${type}`).click();
  await expectShown(page, /\/smartbox\/config\/upload\/\d+\/en$/);
  typeId = Number(/\/upload\/(\d+)\//.exec(page.url())?.[1]);

  // The template of a type with no configuration: the columns alone.
  const [template] = await Promise.all([page.waitForEvent('download'), shown(page, 'box-config-upload-template').click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await template.path());
  expect(workbook.worksheets[0]?.getRow(1).values).toEqual([undefined, ...HEADER.split(',')]);

  // The report interval is the config command's: its range must stay within the protocol's.
  await fileInput(page).setInputFiles(
    csv(HEADER, ['interval,Report interval,number,s,10,0,3600,Seconds between snapshots', 'apn,Access point,text,,cmnet,,,']),
  );
  await expect(shown(page, 'box-config-upload-problems')).toContainText(
    'Row 2: interval is set by the config command, so it is a number with a whole minimum and maximum within 1 to 3600.',
  );
  await expect(shown(page, 'box-config-upload-apply')).toBeDisabled();
  await screenshot(page, 'box-config-upload-problem');

  await fileInput(page).setInputFiles(
    csv(HEADER, [
      'interval,Report interval,number,s,30,5,600,Seconds between snapshots',
      'apn,Access point,text,,cmnet,,,',
      'gps,Location reports,yes-no,,yes,,,',
    ]),
  );
  await expect(shown(page, 'box-config-upload-problems')).toHaveCount(0);
  await expect(shown(page, 'box-config-upload-copied')).toBeVisible();
  await expect(shown(page, 'box-config-diff-added')).toHaveAttribute('data-count', '3');
  await expect(shown(page, 'box-config-upload-rows').locator('tbody tr.ant-table-row')).toHaveCount(3);
  await screenshot(page, 'box-config-upload-preview');
  await shown(page, 'box-config-upload-apply').click();

  // Applied as version 1: its protocol opens.
  await expectShown(page, new RegExp(`/smartbox/config/protocol/${typeId}/en$`));
  await expect(shown(page, 'box-protocol-version')).toHaveText('v1');
  await expect(rowOf(page, 'interval')).toContainText('5 – 600');
  await expect(rowOf(page, 'interval')).toContainText('config command');
  await expect(rowOf(page, 'gps')).toContainText('yes');

  // In Chinese: the document's words; the names are the English ones copied until a Chinese sheet comes.
  await shown(page, 'box-protocol-language').click();
  await page.locator('.ant-select-dropdown:visible').getByText('中文', { exact: true }).click();
  await expectShown(page, new RegExp(`/protocol/${typeId}/zh$`));
  await expect(shown(page, 'box-protocol-table').locator('thead th').first()).toHaveText('键');
  await expect(rowOf(page, 'interval')).toContainText('Report interval');
  await expect(rowOf(page, 'gps')).toContainText('是');
});

test('root uploads the Chinese names as version 2 and reads version 1 again, on screen and as .xlsx', async ({ page }) => {
  await openShell(page, `/smartbox/config/upload/${typeId}/zh`);
  await fileInput(page).setInputFiles(csv('键,名称', ['interval,上报间隔', 'apn,接入点', 'gps,定位上报']));
  await expect(shown(page, 'box-config-diff-changed')).toHaveAttribute('data-count', '3');
  await expect(shown(page, 'box-config-upload-copied')).toHaveCount(0);
  await shown(page, 'box-config-upload-apply').click();
  await expectShown(page, new RegExp(`/smartbox/config/protocol/${typeId}/zh$`));
  await expect(shown(page, 'box-protocol-version')).toHaveText('v2');
  await expect(rowOf(page, 'interval')).toContainText('上报间隔');
  // Kept from version 1: the range and the English note.
  await expect(rowOf(page, 'interval')).toContainText('5 – 600');

  await shown(page, 'box-protocol-alias').click();
  await page.locator('.ant-select-dropdown:visible').getByText('Version 1', { exact: true }).click();
  await expectShown(page, new RegExp(`/protocol/${typeId}/zh\\?version=1$`));
  await expect(shown(page, 'box-protocol-version')).toHaveText('v1');
  await expect(rowOf(page, 'interval')).toContainText('Report interval');
  await resize(page, 390);
  await screenshot(page, 'box-protocol-zh-390');
  await resize(page, 1440);

  const [download] = await Promise.all([page.waitForEvent('download'), shown(page, 'box-protocol-export').click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^box-protocol-${type}-v1-zh.*\\.xlsx$`));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  expect(sheet?.getRow(1).getCell(1).value).toBe('键');
  expect(sheet?.getRow(2).values).toEqual([
    undefined,
    'interval',
    'Report interval',
    '数值',
    's',
    '30',
    '5 – 600',
    '配置命令',
    'Seconds between snapshots',
  ]);
});

test("the type's range bounds the report interval box-dws sends its boxes", async ({ page }) => {
  await openShell(page, '/smartbox/box-dws');
  await shown(page, 'dws-search').fill(company);
  await shown(page, 'dws-search').press('Enter');
  await shown(page, `dws-select-${first}`).check();
  await shown(page, 'dws-edit-selected').click();
  const dialog = page.locator('.ant-modal:visible');
  await dialog.getByTestId('dws-interval').fill('2');
  await dialog.getByTestId('dws-save').click();
  await expect(dialog.getByTestId('dws-error')).toHaveText(`Box ${first} is a ${type}: its report interval is 5 to 600 seconds.`);
  await dialog.getByTestId('dws-interval').fill('60');
  await dialog.getByTestId('dws-save').click();
  await expect(page.locator('.ant-message')).toContainText('1 box is offline and will get it when it comes back.');
});

test('root adds a box type before any box is registered as it, and goes on to its configuration', async ({ page }) => {
  const code = `E2E-NEW-${first % 1_000_000}`;
  await openShell(page, '/smartbox/upload');
  await shown(page, 'upload-tab-types').click();
  await shown(page, 'box-type-new').click();
  const dialog = page.locator('.ant-modal:visible');
  await dialog.getByTestId('box-type-code').fill('no spaces');
  await dialog.getByTestId('box-type-add').click();
  await expect(dialog).toContainText('The box type is 1 to 32 letters, digits, dots, dashes or underscores.');
  await dialog.getByTestId('box-type-code').fill(code);
  await dialog.getByTestId('box-type-add').click();
  await expect(page.locator('.ant-message')).toContainText(`Box type ${code} added: upload its configuration.`);
  await expectShown(page, /\/smartbox\/config\/upload\/\d+\/en$/);
  await expect(shown(page, 'box-config-upload-file')).toBeVisible();
  await expect(page.getByText(`Configuration of ${code}`)).toBeVisible();
});
