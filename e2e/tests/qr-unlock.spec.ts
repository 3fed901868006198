import { apiGet } from './boxes.js';
import { baseUrl, confirmWrite, expect, openShell, ROLES, rolePage, screenshot, shown, test, tokenOf } from './fixtures.js';
import { ckDevice, pickDevice } from './qr.js';

/**
 * Issue 24's loop, closed (docs/dynamic-password.md): the demo fleet's CK-group controllers hold keys from the group's
 * master key. Root locks one remotely (its lock command); demo_manufacturer, the CK factory, picks it on "Calculate
 * dynamic password", is told it is locked and finds the challenge it shows already filled in, and calculates a 7-day
 * password. The device's owner writes a wrong password on the device page and is told the controller refused it, then
 * the right one, which the controller takes: it shows "Unlocked for a time", and the calculation page says so too.
 */

test('a locked controller shows its challenge, takes the password calculated for it, and unlocks', async ({ browser }) => {
  const factory = await rolePage(browser, 'demo_manufacturer');
  const device = await ckDevice(factory);
  const owner = ROLES.find((r) => r === device.owner);
  if (!owner) throw new Error(`the owner ${device.owner} of the CK device is not a demo role`);
  const { data } = await apiGet(factory.request, tokenOf('demo_root'), `/controller-types/${device.typeId}`);
  const registers = (data as { registers: Array<{ key: string; number: number }> }).registers;
  const numberOf = (key: string) => registers.find((r) => r.key === key)?.number ?? -1;
  const at = `${baseUrl()}/api/v2/devices/${device.boxId}/${device.controller}/registers`;

  // Root locks it remotely (what a distributor does to a machine whose customer has not paid).
  const locked = await factory.request.post(`${at}/${numberOf('lock_command')}`, {
    headers: { authorization: `Bearer ${tokenOf('demo_root')}` },
    data: { value: 1 },
  });
  expect(((await locked.json()) as { data: { outcome: string } }).data.outcome).toBe('acknowledged');

  await openShell(factory, '/qrManage/calculate-dynamic-pwd');
  await pickDevice(factory, device);
  const note = shown(factory, 'qr-calc-lock');
  await expect(note).toHaveAttribute('data-state', 'locked');
  await expect(note).toContainText(/The controller is locked and shows the challenge \d{6}\./);
  const challenge = /(\d{6})\.$/.exec((await note.textContent()) ?? '')?.[1] ?? '';
  await expect(shown(factory, 'qr-calc-challenge')).toHaveValue(challenge);
  await shown(factory, 'qr-calc-mode-unlock-7d').click();
  await shown(factory, 'qr-calc-submit').click();
  const password = (await shown(factory, 'qr-result-password').textContent()) ?? '';
  expect(password).toMatch(/^\d{8}$/);
  await expect(shown(factory, 'qr-result-challenge')).toHaveText(challenge);
  await screenshot(factory, 'qr-unlock-calculated');

  const page = await rolePage(browser, owner);
  await openShell(page, `/devices/controller/${device.boxId}/${device.controller}`);
  const passwordRegister = numberOf('unlock_password');
  await expect(shown(page, `register-value-${numberOf('lock_state')}`)).toHaveText('Locked');
  const dialog = page.getByTestId('write-dialog');
  await shown(page, `register-write-${passwordRegister}`).click();
  // A wrong password: the controller refuses it, and stays locked.
  await dialog.locator('input.ant-input-number-input').fill(String((Number(password) + 1) % 100_000_000));
  await page.getByTestId('write-submit').click();
  await confirmWrite(page);
  await expect(dialog.getByTestId('write-outcome')).toHaveAttribute('data-outcome', 'rejected');
  await expect(dialog.getByTestId('write-outcome')).toContainText('the controller did not take this value');
  await dialog.locator('input.ant-input-number-input').fill(password);
  await page.getByTestId('write-submit').click();
  await confirmWrite(page);
  await expect(dialog.getByTestId('write-outcome')).toHaveAttribute('data-outcome', 'acknowledged');
  await page.getByTestId('write-cancel').click();
  await expect(shown(page, `register-value-${numberOf('lock_state')}`)).toHaveText('Unlocked for a time');
  await screenshot(page, 'qr-unlock-unlocked');

  // The calculation page reads the controller again by itself.
  await expect(note).toHaveAttribute('data-state', 'timed');
  await expect(note).toContainText('The controller is unlocked for 168 more hours.');
  await factory.close();
  await page.close();
});
