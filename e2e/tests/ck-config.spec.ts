import { apiGet, connectBox, registerBoxes, sayHello } from './boxes.js';
import {
  confirmWarning,
  dialogClosed,
  dialogSettled,
  expect,
  goInApp,
  openShell,
  screenshot,
  shown as byId,
  test,
  tokenOf,
} from './fixtures.js';

/**
 * CK codes (/device-type/CK-config and /device-type/CK-config/model/{ck}; issue 20): root adds a code, gives a box it
 * in the box-CK table (its history says so), limits the code to the screw compressor and sees the box's maglev blower
 * refused a type; then generates the mappings in bulk through the spec's confirm box, and imports a sheet of box
 * codes, a bad row shown before anything is written.
 */
test.use({ role: 'demo_root' });

const base = 2_070_000_000 + Math.floor(Math.random() * 4_000_000) * 10;

test('root limits a CK code to a type, a box of it has its other device refused, then generates the mappings in bulk, confirmed', async ({
  page,
  playwright,
}, info) => {
  const run = base + info.retry * 100 + info.repeatEachIndex * 1000;
  const ck = String(8000 + (Math.floor(run / 10) % 2000));
  const boxId = run + 1;
  const request = await playwright.request.newContext();
  const typeOf = async (controller: number) =>
    (
      (await apiGet(request, tokenOf('demo_root'), `/devices/${boxId}/${controller}`)).data as {
        typeCode: string | null;
        typeId: number | null;
      }
    ).typeId;
  const password =
    (await registerBoxes(request, 'demo_manager', boxId, boxId, { boxType: 'E2E-GW', companyName: `E2E CK ${run}` }))[0]?.password ?? '';
  const box = await connectBox(boxId, password);
  try {
    await sayHello(box, boxId, [
      { index: 1, type: 'screw-compressor' },
      { index: 2, type: 'maglev-blower' },
    ]);

    // A new code: the company is required, in the server's words.
    await openShell(page, '/device-type/CK-config');
    await byId(page, 'ck-add').click();
    await dialogSettled(page);
    await page.getByTestId('ck-code').fill(ck);
    await page.getByTestId('ck-save').click();
    await expect(page.getByRole('dialog')).toContainText("Please enter the CK code's company.");
    await page.getByTestId('ck-company').fill(`E2E Works ${run}`);
    await page.getByTestId('ck-save').click();
    await dialogClosed(page);
    await expect(page.locator('.ant-message')).toContainText(`The CK code ${ck} is added.`);

    // The box takes the code in the box-CK table; a code nobody configured is refused first.
    await byId(page, 'ck-tab-boxes').click();
    await byId(page, 'box-ck-set').click();
    await dialogSettled(page);
    await page.getByTestId('box-ck-box').fill(String(boxId));
    await page.getByTestId('box-ck-code').fill('0000');
    await page.getByTestId('box-ck-save').click();
    await expect(page.getByRole('dialog')).toContainText('The CK code 0000 is not configured; add it on the CK page first.');
    await page.getByTestId('box-ck-code').fill(ck);
    await page.getByTestId('box-ck-save').click();
    await dialogClosed(page);
    await expect(page.locator('.ant-message')).toContainText(`Box ${boxId}: no device changed type.`);
    await byId(page, 'box-ck-search').fill(String(boxId));
    await byId(page, 'box-ck-search').press('Enter');
    await expect(byId(page, `box-ck-${boxId}`)).toHaveText(ck);
    await byId(page, `box-ck-history-${boxId}`).click();
    await expect(byId(page, 'box-ck-history-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(byId(page, 'box-ck-history-table')).toContainText('Set');

    // Its types: only the screw compressor; the maglev blower on its box is refused a type, at once.
    await byId(page, 'ck-tab-codes').click();
    await byId(page, 'ck-search').fill(ck);
    await byId(page, 'ck-search').press('Enter');
    await expect(byId(page, `ck-types-${ck}`)).toHaveText('Any type');
    await byId(page, `ck-model-${ck}`).click();
    await expect(page).toHaveURL(new RegExp(`/device-type/CK-config/model/${ck}$`));
    await expect(byId(page, 'ck-model-any')).toBeVisible();
    await byId(page, 'ck-model-type-screw-compressor').click();
    await byId(page, 'ck-model-save').click();
    await expect(page.locator('.ant-message')).toContainText('Saved: 1 device changed type.');
    await expect(byId(page, 'ck-model-refused')).toHaveText('1');
    await screenshot(page, 'ck-model');
    expect(await typeOf(2)).toBeNull();
    expect(await typeOf(1)).not.toBeNull();

    // Bulk generation: the confirm box says what goes and comes; confirmed, the code allows the maglev blower alone.
    await goInApp(page, '/device-type/CK-config');
    await byId(page, 'ck-generate').click();
    await dialogSettled(page);
    await page.getByTestId('ck-generate-types').click();
    await page.locator('.ant-select-dropdown:visible').getByText('(maglev-blower)').click();
    // A multiple choice stays open: a click beside it closes it.
    await page.getByRole('dialog').getByText('Every earlier mapping is deleted').click();
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    await page.getByTestId('ck-generate-cks').click();
    await page.locator('.ant-select-dropdown:visible').getByText(`${ck} · E2E Works ${run}`).click();
    await page.getByRole('dialog').getByText('Every earlier mapping is deleted').click();
    await page.getByTestId('ck-generate-ok').click();
    const confirm = page.locator('.ant-modal-confirm');
    await expect(confirm).toContainText('This replaces every CK mapping:');
    await expect(confirm).toContainText('mapping(s) will be deleted and 1 created, for 1 CK code(s). Continue?');
    await screenshot(page, 'ck-generate-confirm');
    await confirmWarning(page);
    // Every earlier mapping goes (this one's, and any other code's), so the count of devices retyped is the fleet's.
    await expect(page.locator('.ant-message')).toContainText(/mapping\(s\) deleted, 1 created; \d+ devices? changed type\./);
    await dialogClosed(page);
    await expect(byId(page, `ck-types-${ck}`)).toContainText('Magnetic-levitation turbo blower');
    expect(await typeOf(1)).toBeNull();
    expect(await typeOf(2)).not.toBeNull();

    // An import: a bad row and a box twice are shown by row and column, nothing written; fixed, applied.
    await byId(page, 'ck-tab-boxes').click();
    await byId(page, 'box-ck-import').click();
    await dialogSettled(page);
    const file = (rows: string[]) => ({
      name: 'box-ck.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['Box number,CK code', ...rows].join('\n')),
    });
    const input = page.locator('.ant-modal input[type=file]');
    await input.setInputFiles(file([`${boxId},1122`, `${boxId},12`]));
    await expect(page.getByTestId('box-ck-import-problems')).toContainText('Row 3, Box number: box');
    await expect(page.getByTestId('box-ck-import-problems')).toContainText('Row 3, CK code: a CK code is four digits.');
    await expect(page.getByTestId('box-ck-import-apply')).toBeDisabled();
    await input.setInputFiles(file([`${boxId},1122`]));
    await expect(page.getByTestId('box-ck-import-summary')).toContainText('1 box changes its CK');
    await page.getByTestId('box-ck-import-apply').click();
    await dialogClosed(page);
    await expect(page.locator('.ant-message')).toContainText('1 box took their CK code.');
    await expect(byId(page, `box-ck-${boxId}`)).toHaveText('1122');
  } finally {
    await box.endAsync(true);
    await request.dispose();
  }
});
