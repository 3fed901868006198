import type { Page } from '@playwright/test';
import type { DeviceDetail } from '@dms/contract';
import { apiGet, connectBox, registerBoxes, sayHello } from './boxes.js';
import { baseUrl, chooseOption, expect, goInApp, openShell, reg, screenshot, shown as byId, test, tokenOf } from './fixtures.js';

/**
 * A type's page (/device-type/type-config/page/{id}/{alias}; issue 20): root gives a type a key figure and a second
 * register group, sees a register chosen twice named before saving and the live preview follow the draft, saves, and
 * the detail page of a device of the type follows: its header's key figure, its groups.
 */
test.use({ role: 'demo_root' });

const base = 2_060_000_000 + Math.floor(Math.random() * 4_000_000) * 10;
const TEMPERATURE = reg('screw-compressor', 'discharge_temperature');

/** Toggles one option of a multiple choice (typed to find it), then closes its list. */
async function toggle(page: Page, testId: string, typed: string, option: string): Promise<void> {
  await chooseOption(page, testId, option, typed);
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

test("root configures a type's page with a live preview; a device's detail page follows", async ({ page, playwright }, info) => {
  const run = base + info.retry * 100 + info.repeatEachIndex * 1000;
  const code = `e2e-page-${run}`;
  const boxId = run + 1;
  const request = await playwright.request.newContext();
  const token = tokenOf('demo_root');
  const types = (await apiGet(request, token, '/controller-types')).data as Array<{ id: number; code: string }>;
  const screw = types.find((x) => x.code === 'screw-compressor')?.id ?? 0;
  const copied = await request.post(`${baseUrl()}/api/v2/controller-types/${screw}/copy`, {
    headers: { authorization: `Bearer ${token}` },
    data: { code, name: { en: 'E2E page', zh: 'E2E 页面', es: 'E2E página', ja: 'E2E ページ' } },
  });
  expect(copied.ok()).toBe(true);
  const typeId = ((await copied.json()) as { data: { id: number } }).data.id;
  const password =
    (await registerBoxes(request, 'demo_manager', boxId, boxId, { boxType: 'E2E-GW', companyName: `E2E Page ${run}` }))[0]?.password ?? '';
  const box = await connectBox(boxId, password);
  try {
    await sayHello(box, boxId, [{ index: 1, type: code }]);
    await openShell(page, `/device-type/type-config/page/${typeId}/default`);
    await expect(byId(page, 'type-page-state')).toHaveText('Not saved yet: this is the default page.');
    const preview = byId(page, 'type-page-preview');
    await expect(preview.getByTestId('register-table')).toBeVisible();
    await expect(preview.getByTestId('register-groups')).toHaveCount(0);

    // A key figure: the discharge pressure.
    const pressure = reg('screw-compressor', 'discharge_pressure');
    await toggle(page, 'type-page-key-figures', String(pressure), `${pressure} · Discharge pressure`);
    await expect(preview.getByTestId('device-key-figures')).toContainText('Discharge pressure');

    // A second group with the discharge temperature: chosen twice until it leaves the first group.
    await byId(page, 'type-page-add-group').click();
    await byId(page, 'type-page-group-1-name-en').fill('Temperatures');
    await toggle(page, 'type-page-group-1-registers', String(TEMPERATURE), `${TEMPERATURE} · Discharge temperature`);
    await expect(byId(page, 'type-page-problems')).toContainText(`Register ${TEMPERATURE} is chosen twice.`);
    await expect(byId(page, 'type-page-save')).toBeDisabled();
    await toggle(page, 'type-page-group-0-registers', String(TEMPERATURE), `${TEMPERATURE} · Discharge temperature`);
    await expect(byId(page, 'type-page-problems')).toHaveCount(0);
    // The preview follows the draft: two groups, the second one the temperature alone.
    await expect(preview.getByTestId('register-groups')).toContainText('Temperatures');
    await preview.getByTestId('register-group-1').click();
    await expect(preview.getByTestId('register-table').locator('tbody tr[data-register]')).toHaveCount(1);
    await screenshot(page, 'type-page');
    await byId(page, 'type-page-save').click();
    await expect(page.locator('.ant-message')).toContainText(`The page of ${code} (default) is saved; its devices show it at once.`);

    // The device's page follows: the key figure in its header, its groups.
    await goInApp(page, `/devices/controller/${boxId}/1`);
    await expect(byId(page, 'device-key-figures')).toContainText('Discharge pressure');
    await byId(page, 'register-group-1').click();
    await expect(byId(page, 'register-table').locator('tbody tr[data-register]')).toHaveCount(1);
    await expect(byId(page, `register-value-${TEMPERATURE}`)).toBeVisible();
    const detail = (await apiGet(request, token, `/devices/${boxId}/1`)).data as DeviceDetail;
    expect(detail.page.groups.map((g) => g.name.en)).toEqual(['Registers', 'Temperatures']);
    expect(detail.page.keyFigures).toEqual([pressure]);
  } finally {
    await box.endAsync(true);
    await request.dispose();
  }
});
