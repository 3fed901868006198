import fs from 'node:fs';
import { apiGet, apiSend, ownCompressor, registerBoxes, userIdOf } from './boxes.js';
import { apiLogin, expect, openShell, PASSWORD, reg, screenshot, settledClick, shown, test, tokenOf } from './fixtures.js';

/**
 * Root's maintenance scripts (issue 24; docs/scripts.md), each through its dry run, the confirmation that names the
 * count, the run's result and, where it can be, undo: a register written to a box of the spec's own and written back;
 * a throwaway user's password reset and shown once; the silent boxes reported; a CK group previewed (not run: its
 * users are the other specs' demo accounts). The rules and exact messages are server/test/scripts.test.ts's.
 */

test.describe.configure({ mode: 'serial' });
test.use({ role: 'demo_root' });

const LOAD_PRESSURE = reg('screw-compressor', 'load_pressure');

const box = ownCompressor(6);

test('batch-modify-params: preview, run on the named count, acknowledged, undone', async ({ page }) => {
  await openShell(page, '/scripts/batch-modify-params');
  await shown(page, 'script-type').click();
  await page.keyboard.type('screw-compressor');
  await page.keyboard.press('Enter');
  await shown(page, 'script-register').click();
  await page.keyboard.type(String(LOAD_PRESSURE));
  await page.keyboard.press('Enter');
  await shown(page, 'script-value').fill('0.7');
  await shown(page, 'script-start-box').fill(String(box.boxId));
  await shown(page, 'script-end-box').fill(String(box.boxId));
  await shown(page, 'script-preview').click();
  await expect(shown(page, 'script-preview-count')).toHaveText('1 item would change.');
  const row = shown(page, 'script-preview-items').locator('tbody tr.ant-table-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${box.boxId}/1 #${LOAD_PRESSURE}`);
  await expect(row).toContainText('0.65');
  expect(box.writes).toEqual([]);
  await screenshot(page, 'script-preview');

  await shown(page, 'script-run').click();
  await expect(page.getByTestId('script-confirm')).toContainText('This changes 1 item: Write a register to many.');
  await expect(page.getByTestId('script-confirm')).toContainText('You can undo it afterwards.');
  await settledClick(page, page.getByTestId('script-confirm-ok'));
  await expect(shown(page, 'script-run-state')).toHaveAttribute('data-state', 'done');
  await expect(shown(page, 'script-count-ok')).toHaveText('Done: 1');
  await expect(shown(page, 'script-item-outcome-1')).toHaveText('Done');
  expect(box.writes).toEqual([{ register: LOAD_PRESSURE, value: 70 }]);
  await screenshot(page, 'script-done');

  await shown(page, 'script-undo').click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('1 item is put back to the value it had before.');
  await settledClick(page, page.getByTestId('script-undo-ok'));
  await expect(shown(page, 'script-run-state')).toHaveAttribute('data-state', 'undone');
  await expect(shown(page, 'script-count-undone')).toHaveText('Undone: 1');
  expect(box.writes).toEqual([
    { register: LOAD_PRESSURE, value: 70 },
    { register: LOAD_PRESSURE, value: 65 },
  ]);

  // The run is in the list, and opens with its log.
  await openShell(page, '/scripts/scripts-list?script=batch-modify-params');
  const first = shown(page, 'scripts-table').locator('tbody tr.ant-table-row').first();
  await expect(first).toContainText('Undone');
  await first.getByRole('button', { name: 'Write a register to many' }).click();
  await expect(page.locator('.ant-drawer').getByTestId('script-run-inputs')).toContainText(`First box ID: ${box.boxId}`);
  await expect(page.locator('.ant-drawer').getByTestId('script-item-outcome-1')).toHaveText('Undone');
  await screenshot(page, 'scripts-list');
});

test('reset-pwd: a user given a generated password, shown once; it signs in, and no undo is offered', async ({ page }) => {
  const username = `sr${Date.now().toString(36).slice(-8)}`;
  await apiSend(page.request, tokenOf('demo_manager'), 'POST', '/user_register/add_next_manager', { username, password: PASSWORD });
  await openShell(page, '/scripts/reset-pwd');
  await shown(page, 'script-usernames').fill(`${username}\nnobody_at_all`);
  await shown(page, 'script-preview').click();
  await expect(shown(page, 'script-error')).toHaveText('There is no user nobody_at_all.');
  await shown(page, 'script-usernames').fill(username);
  await shown(page, 'script-preview').click();
  await expect(shown(page, 'script-preview-count')).toHaveText('1 item would change.');
  await shown(page, 'script-run').click();
  await expect(page.getByTestId('script-confirm')).toContainText(
    'This cannot be undone: Passwords cannot be put back: the old ones are not kept.',
  );
  await settledClick(page, page.getByTestId('script-confirm-ok'));
  await expect(shown(page, 'script-run-state')).toHaveAttribute('data-state', 'done');
  await expect(shown(page, 'script-undo')).toHaveCount(0);
  await expect(shown(page, 'script-no-undo')).toHaveText('Passwords cannot be put back: the old ones are not kept.');
  await shown(page, 'script-secrets-show').click();
  const secret = page.getByTestId('script-secret').first();
  await expect(secret).toHaveText(/^[A-Za-z2-9]{12}$/);
  const password = (await secret.textContent()) ?? '';
  await screenshot(page, 'script-secrets');
  await settledClick(page, page.locator('.ant-modal-confirm .ant-btn-primary'));
  // Shown once: the button is gone, and the new password signs in where the old one no longer does.
  await expect(shown(page, 'script-secrets-show')).toHaveCount(0);
  expect(await apiLogin(page.request, username, password)).toBeTruthy();
  await expect(apiLogin(page.request, username, PASSWORD)).rejects.toThrow();
});

test('check-inactive is a report at once, handing boxes to box delete and owners to an announcement; ck-pwd names its count before it would run', async ({
  page,
}) => {
  await openShell(page, '/scripts/check-inactive');
  await shown(page, 'script-days').fill('1');
  await shown(page, 'script-preview').click();
  await expect(shown(page, 'script-run-state')).toHaveAttribute('data-state', 'done');
  await expect(shown(page, 'script-no-undo')).toHaveText('This script changes nothing.');
  await expect(shown(page, 'script-items')).toBeVisible();
  // Its hand-offs: a box to box delete (filled in and shown), the owners to an announcement (chosen as its people).
  await openShell(page, `/smartbox/box-delete?boxId=${box.boxId}`);
  await expect(shown(page, 'box-delete-result')).toContainText(String(box.boxId));
  const managerId = await userIdOf(page.request, tokenOf('demo_root'), 'demo_manager');
  await openShell(page, `/notice/notice-create?users=${managerId}:demo_manager`);
  await expect(shown(page, 'notice-form-users')).toContainText('demo_manager');

  await openShell(page, '/scripts/ck-pwd');
  await shown(page, 'script-ck').fill('1333');
  await shown(page, 'script-preview').click();
  const count = shown(page, 'script-preview-count');
  await expect(count).toHaveText(/^\d+ items? would change\.$/);
  const n = Number(/^(\d+)/.exec((await count.textContent()) ?? '')?.[1]);
  await expect(shown(page, 'script-preview-items').locator('tbody tr.ant-table-row')).toHaveCount(n);
  await expect(shown(page, 'script-preview-items')).toContainText('demo_district_dist');
  await shown(page, 'script-run').click();
  await expect(page.getByTestId('script-confirm')).toContainText(`This changes ${n} item`);
  // Not run: the group's users are the demo accounts the other specs sign in as.
  await settledClick(page, page.locator('.ant-modal-confirm .ant-btn:not(.ant-btn-dangerous)'));
  await expect(page.getByTestId('script-confirm')).toHaveCount(0);
});

test('batch-modify-box sets a field on a range and undoes it; reset-device gives boxes back to stock and undoes it', async ({ page }) => {
  const start = 780_000 + Math.floor(Math.random() * 20_000) * 2;
  const range = async () => {
    await shown(page, 'script-start-box').fill(String(start));
    await shown(page, 'script-end-box').fill(String(start + 1));
  };
  const company = `E2E scripts ${start}`;
  await registerBoxes(page.request, 'demo_manager', start, start + 1, { boxType: 'DTU-4G', companyName: company, contact: 'day' });
  const boxes = async () => {
    const { data } = await apiGet(page.request, tokenOf('demo_root'), `/box-reg-info?companyName=${encodeURIComponent(company)}`);
    return (data as { items: Array<{ contact: string; owner: string }> }).items;
  };
  const contacts = async () => (await boxes()).map((b) => b.contact);
  const owners = async () => (await boxes()).map((b) => b.owner);

  await openShell(page, '/scripts/batch-modify-box');
  await range();
  await shown(page, 'script-fields').getByText('Contact').click();
  await shown(page, 'script-field-contact').fill('night');
  await shown(page, 'script-preview').click();
  await expect(shown(page, 'script-preview-count')).toHaveText('2 items would change.');
  await expect(shown(page, 'script-preview-items').locator('tbody tr.ant-table-row').first()).toContainText('Contact: day');
  await shown(page, 'script-run').click();
  await settledClick(page, page.getByTestId('script-confirm-ok'));
  await expect(shown(page, 'script-run-state')).toHaveAttribute('data-state', 'done');
  expect(await contacts()).toEqual(['night', 'night']);
  await shown(page, 'script-undo').click();
  await settledClick(page, page.getByTestId('script-undo-ok'));
  await expect(shown(page, 'script-run-state')).toHaveAttribute('data-state', 'undone');
  expect(await contacts()).toEqual(['day', 'day']);

  await openShell(page, '/scripts/reset-device');
  await range();
  await shown(page, 'script-preview').click();
  await expect(shown(page, 'script-preview-count')).toHaveText('2 items would change.');
  await expect(shown(page, 'script-preview-items').locator('tbody tr.ant-table-row').first()).toContainText('Owner: demo_manager');
  await expect(shown(page, 'script-preview-items').locator('tbody tr.ant-table-row').first()).toContainText('Owner: demo_root');
  await shown(page, 'script-run').click();
  await settledClick(page, page.getByTestId('script-confirm-ok'));
  await expect(shown(page, 'script-run-state')).toHaveAttribute('data-state', 'done');
  await screenshot(page, 'script-reset-device');
  expect(await owners()).toEqual(['demo_root', 'demo_root']);
  // Back to stock: the same preview finds nothing to change.
  await shown(page, 'script-again').click();
  await range();
  await shown(page, 'script-preview').click();
  await expect(shown(page, 'script-error')).toHaveText('Nothing matches, so there is nothing to change.');
  // Undone from the list of runs.
  await openShell(page, '/scripts/scripts-list?script=reset-device');
  await shown(page, 'scripts-table').locator('tbody tr.ant-table-row').first().getByRole('button', { name: 'Reset devices' }).click();
  const drawer = page.locator('.ant-drawer');
  await drawer.getByTestId('script-undo').click();
  await settledClick(page, page.getByTestId('script-undo-ok'));
  await expect(drawer.getByTestId('script-run-state')).toHaveAttribute('data-state', 'undone');
  expect(await owners()).toEqual(['demo_manager', 'demo_manager']);
});

test('load: a sheet with problems is refused by row, changing nothing; good ones register boxes and add a sub-manager, their credentials shown once', async ({
  page,
}, info) => {
  const start = 820_000 + Math.floor(Math.random() * 20_000) * 2;
  const sheet = (name: string, rows: string[]) => {
    const file = info.outputPath(name);
    fs.writeFileSync(file, ['boxId,owner,boxType,companyName', ...rows].join('\n'));
    return file;
  };
  await openShell(page, '/scripts/load');
  await page
    .locator('input[type=file]')
    .setInputFiles(
      sheet('bad.csv', [
        `${start},demo_manager,DTU-4G,E2E load`,
        `${start},demo_manager,DTU-4G,E2E load`,
        `${start + 1},nobody_here,DTU-4G,E2E load`,
      ]),
    );
  await shown(page, 'script-preview').click();
  const problems = shown(page, 'script-problems');
  await expect(problems).toContainText('The file has 2 problem(s); nothing was changed.');
  await expect(problems).toContainText(`box ${start} is also in row 2.`);
  await expect(problems).toContainText('there is no user nobody_here.');
  await screenshot(page, 'script-load-problems');

  await page
    .locator('input[type=file]')
    .setInputFiles(sheet('good.csv', [`${start},demo_manager,DTU-4G,E2E load`, `${start + 1},demo_manager,DTU-4G,E2E load`]));
  await shown(page, 'script-preview').click();
  await expect(shown(page, 'script-preview-count')).toHaveText('2 items would change.');
  await shown(page, 'script-run').click();
  await settledClick(page, page.getByTestId('script-confirm-ok'));
  await expect(shown(page, 'script-run-state')).toHaveAttribute('data-state', 'done');
  await expect(shown(page, 'script-count-ok')).toHaveText('Done: 2');
  await shown(page, 'script-secrets-show').click();
  await expect(page.getByTestId('script-secret')).toHaveCount(2);
  await settledClick(page, page.locator('.ant-modal-confirm .ant-btn-primary'));
  const { data } = await apiGet(
    page.request,
    tokenOf('demo_root'),
    `/box-reg-info?companyName=${encodeURIComponent('E2E load')}&boxId=${start}`,
  );
  expect((data as { items: Array<{ owner: string }> }).items.map((b) => b.owner)).toEqual(['demo_manager']);

  // A sub-manager added below demo_manager, as demo_manager would add one; its generated password signs in.
  const username = `ld${Date.now().toString(36).slice(-8)}`;
  await shown(page, 'script-again').click();
  await shown(page, 'script-load-kind').getByText('Sub-managers and helpers').click();
  const users = info.outputPath('users.csv');
  fs.writeFileSync(users, `username,role,parent,name\n${username},manager,demo_manager,Loaded manager\n`);
  await page.locator('input[type=file]').setInputFiles(users);
  await shown(page, 'script-preview').click();
  await expect(shown(page, 'script-preview-count')).toHaveText('1 item would change.');
  await shown(page, 'script-run').click();
  await settledClick(page, page.getByTestId('script-confirm-ok'));
  await expect(shown(page, 'script-run-state')).toHaveAttribute('data-state', 'done');
  await shown(page, 'script-secrets-show').click();
  const password = (await page.getByTestId('script-secret').first().textContent()) ?? '';
  await settledClick(page, page.locator('.ant-modal-confirm .ant-btn-primary'));
  expect(await apiLogin(page.request, username, password)).toBeTruthy();
});
