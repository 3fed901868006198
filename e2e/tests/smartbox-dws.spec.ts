import { SimBox } from '@dms/simulator';
import { registerBoxes } from './boxes.js';
import { expect, expectShown, fromMenu, openShell, screenshot, shown, test } from './fixtures.js';

/**
 * /smartbox/box-dws (root; issue 23): root finds two simulated boxes, one online and one offline, selects both and sets
 * their report interval and deadband. The online box takes the config command at once (its state reaches Done live, and
 * the simulator reports at the new pace); the offline one waits, and takes it when it comes back. The call's rules and
 * refusals are the server's tests (box-commands.test.ts).
 */
test.use({ role: 'demo_root' });

const first = 2_110_000_000 + Math.floor(Math.random() * 400_000) * 10;
const company = `E2E DWS ${first}`;
const boxes: SimBox[] = [];

function simBox(boxId: number, password: string): SimBox {
  const box = new SimBox({
    boxId,
    password,
    url: `mqtt://127.0.0.1:${process.env.E2E_MQTT_PORT ?? ''}`,
    types: ['screw-compressor'],
    interval: 60,
    seed: `dws-${boxId}`,
    rates: { fault: 0, alert: 0, offline: 0, ipChange: 0 },
    loopbackAliases: false,
  });
  boxes.push(box);
  box.start();
  return box;
}

test.afterAll(async () => {
  await Promise.all(boxes.map((b) => b.stop()));
});

test('root sets two boxes’ upload settings: the online one applies them at once, the offline one when it comes back', async ({
  page,
  playwright,
}) => {
  test.setTimeout(90_000);
  const request = await playwright.request.newContext();
  const [a, b] = await registerBoxes(request, 'demo_manager', first, first + 1, {
    boxType: 'E2E-DTU',
    companyName: company,
    contact: 'e2e',
  });
  await request.dispose();
  if (!a || !b) throw new Error('no boxes');
  const online = simBox(a.boxId, a.password);

  await openShell(page, '/dashboard');
  await fromMenu(page, 'Smart box', 'boxDws');
  await expectShown(page, /\/smartbox\/box-dws/);
  await shown(page, 'dws-search').fill(company);
  await shown(page, 'dws-search').press('Enter');
  await expect(shown(page, `dws-online-${a.boxId}`)).toHaveText('Online');
  await expect(shown(page, `dws-online-${b.boxId}`)).toHaveText('Offline');
  await expect(shown(page, `dws-settings-${a.boxId}`)).toHaveCount(0);

  await shown(page, `dws-select-${a.boxId}`).check();
  await shown(page, `dws-select-${b.boxId}`).check();
  await shown(page, 'dws-edit-selected').click();
  const dialog = page.locator('.ant-modal:visible');
  await expect(dialog).toContainText('Upload settings of 2 boxes');
  await dialog.getByTestId('dws-interval').fill('7');
  await dialog.getByTestId('dws-deadband').fill('3');
  await screenshot(page, 'smartbox-dws-edit');
  await dialog.getByTestId('dws-save').click();
  await expect(page.locator('.ant-message')).toContainText('Sent to 1 box. 1 box is offline and will get it when it comes back.');

  // Live: the online box answers, the offline one waits.
  await expect(shown(page, `dws-state-${a.boxId}`)).toHaveAttribute('data-state', 'done', { timeout: 15_000 });
  await expect(shown(page, `dws-state-${b.boxId}`)).toHaveAttribute('data-state', 'queued');
  await expect(shown(page, `dws-state-${b.boxId}`)).toHaveText('Waiting for the box');
  await expect(shown(page, `dws-settings-${a.boxId}`)).toHaveText(/every 7 s\s*deadband 3/);
  expect(online.interval).toBe(7);
  await screenshot(page, 'smartbox-dws');

  // The offline box comes back: it takes the command after its hello, and the page follows.
  const back = simBox(b.boxId, b.password);
  await expect(shown(page, `dws-state-${b.boxId}`)).toHaveAttribute('data-state', 'done', { timeout: 15_000 });
  await expect(shown(page, `dws-online-${b.boxId}`)).toHaveText('Online');
  expect(back.interval).toBe(7);
});
