import ExcelJS from 'exceljs';
import { apiGet } from './boxes.js';
import { expect, openShell, reg, screenshot, shown as byId, test, tokenOf } from './fixtures.js';

/**
 * A type's protocol document (/device-type/type-config/protocol/{id}/{alias}/{language}; issue 20): root opens it from
 * the type editor, reads the register table in English, turns it to Japanese and to a saved version (the address
 * follows), downloads it as .xlsx with the same cells, and prints it without the console around it.
 */
test.use({ role: 'demo_root' });

const RUN_STATE = reg('screw-compressor', 'run_state');

test('root reads the protocol of the screw compressor, in Japanese and as version 1, downloads it and prints it', async ({ page }) => {
  const types = (await apiGet(page.request, tokenOf('demo_root'), '/controller-types')).data as Array<{ id: number; code: string }>;
  const id = types.find((x) => x.code === 'screw-compressor')?.id ?? 0;
  await openShell(page, `/device-type/type-config/edit/${id}`);
  await byId(page, 'type-edit-protocol').click();
  await expect(page).toHaveURL(new RegExp(`/device-type/type-config/protocol/${id}/default/en$`));
  const table = byId(page, 'type-protocol-table');
  const runState = table.locator('tbody tr').filter({ has: page.getByRole('cell', { name: String(RUN_STATE), exact: true }) });
  await expect(table.locator('thead th').first()).toHaveText('Number');
  await expect(runState).toContainText('Run state');
  await expect(runState).toContainText('Options');
  await expect(runState).toContainText('0 = ');

  // In Japanese: the document's words and names; the page's own stay in English.
  await byId(page, 'type-protocol-language').click();
  await page.locator('.ant-select-dropdown:visible').getByText('日本語', { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/protocol/${id}/default/ja$`));
  await expect(table.locator('thead th').first()).toHaveText('番号');
  await expect(runState).toContainText('運転状態');
  await expect(byId(page, 'type-protocol-print')).toHaveText('Print');

  // A saved version by its alias.
  await byId(page, 'type-protocol-alias').click();
  await page.locator('.ant-select-dropdown:visible').getByText('Version 1', { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/protocol/${id}/v1/ja$`));
  await expect(byId(page, 'type-protocol-version')).toHaveText('v1');
  // One document, one tab: the alias and the language moved it.
  await expect(page.getByTestId('tags-view').locator('[data-testid^="tag-/device-type/type-config/protocol/"]')).toHaveCount(1);
  await screenshot(page, 'type-protocol-ja');

  // The .xlsx holds the same cells.
  const [download] = await Promise.all([page.waitForEvent('download'), byId(page, 'type-protocol-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^protocol-screw-compressor-v1-ja.*\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the export has no sheet');
  expect(sheet.getRow(1).getCell(1).value).toBe('番号');
  const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2));
  expect(rows.find((r) => r.getCell(1).value === RUN_STATE)?.getCell(3).value).toBe('運転状態');
  expect(rows).toHaveLength(await table.locator('tbody tr.ant-table-row').count());

  // Print: the browser's dialog is asked for, and the printed page is the document without the console around it.
  await page.evaluate(() => {
    const w = window as unknown as { printed: number; print: () => void };
    w.printed = 0;
    w.print = () => {
      w.printed += 1;
    };
  });
  await byId(page, 'type-protocol-print').click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  try {
    await expect(page.getByTestId('sidebar')).toBeHidden();
    await expect(page.getByTestId('tags-view')).toBeHidden();
    await expect(byId(page, 'type-protocol-print')).toBeHidden();
    await expect(table).toBeVisible();
  } finally {
    await page.emulateMedia({ media: 'screen' });
  }
});
