import { freshBoxId, pickUser, registerByApi } from './box-reg-helpers.js';
import { registerBoxes } from './boxes.js';
import { asRole, baseUrl, expect, openShell as open, screenshot, test } from './fixtures.js';

/**
 * Box registration's form (/box-reg-info/create) as a limited admin: it checks what the server checks, in the same
 * words, one message per problem, and shows the server refusing a taken range; box types are offered. Registering:
 * box-reg.spec.ts.
 */

test.describe('the box registration form', () => {
  // Each test registers boxes and goes through the form: more than the default budget on a loaded machine.
  test.describe.configure({ timeout: 120_000 });

  test('the form checks what the server checks, in the same words, and shows the server refusing a taken range', async ({ page }) => {
    const start = freshBoxId();
    await registerByApi(page.request, start + 1, start + 2);
    await asRole(page, 'demo_limited_admin');
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
    const token = await asRole(page, 'demo_limited_admin');
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
});
