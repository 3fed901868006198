import { SimBox } from '@dms/simulator';
import ExcelJS from 'exceljs';
import { spawnServer, type SpawnedServer } from '../../bench/src/server-process.js';
import { registerBoxes } from './boxes.js';
import { expect, expectShown, fromMenu, openShell, screenshot, shown, test } from './fixtures.js';
import { resize } from './sweep.js';

/**
 * /smartbox/ip-config (root; issue 23): five simulated boxes are moved to a second server instance the test starts on
 * the same database (a server group), in two phases. Four go, say hello there by the new address and are recorded
 * (their told address changes); one cannot reach it, comes back by itself after its fallback time and is shown as
 * reverted, its address unchanged. The states follow live; the box server-IP table shows and exports the new
 * addresses. The call's rules, the timeout that tells a box to return and the messages are the server's tests
 * (box-moves.test.ts).
 */
test.use({ role: 'demo_root' });

const first = 2_130_000_000 + Math.floor(Math.random() * 400_000) * 10;
const company = `E2E Move ${first}`;
const LOST = first + 4;
const boxes: SimBox[] = [];
let second: SpawnedServer | undefined;

test.afterAll(async () => {
  await Promise.all(boxes.map((b) => b.stop()));
  second?.child.kill('SIGTERM');
});

test('root moves five boxes to a second instance: four arrive and are recorded, one cannot reach it and comes back', async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext();
  const registered = await registerBoxes(request, 'demo_manager', first, first + 4, {
    boxType: 'DTU-4G',
    companyName: company,
    contact: 'e2e',
  });
  await request.dispose();
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (global-setup sets it)');
  // The second instance of the group: its own HTTP port and embedded broker, the same database.
  second = await spawnServer({ DATA_DIR: dataDir, HEARTBEAT_TIMEOUT_S: '900' });
  const target = `127.0.0.1:${second.mqttPort}`;
  for (const b of registered) {
    const box = new SimBox({
      boxId: b.boxId,
      password: b.password,
      url: `mqtt://127.0.0.1:${process.env.E2E_MQTT_PORT ?? ''}`,
      types: ['screw-compressor'],
      interval: 60,
      seed: `move-${b.boxId}`,
      rates: { fault: 0, alert: 0, offline: 0, ipChange: 0 },
      loopbackAliases: false,
      // A second of the fallback time lasts 100 ms: the lost box is back within a second of giving up.
      fallbackSecondMs: 100,
      ...(b.boxId === LOST ? { commandFaults: { server: 'unreachable' as const } } : {}),
    });
    boxes.push(box);
    box.start();
  }

  await openShell(page, '/dashboard');
  await fromMenu(page, 'Smart box', 'ipConfig');
  await expectShown(page, /\/smartbox\/ip-config$/);
  await shown(page, 'move-target').fill('not an address');
  await shown(page, 'move-list').fill(registered.map((b) => b.boxId).join(', '));
  await shown(page, 'move-preview').click();
  await expect(shown(page, 'move-error')).toHaveText(
    'Enter the new server as host:port (an IP address or a name, and a port 1 to 65535), or as mqtt://host:port.',
  );
  await shown(page, 'move-target').fill(target);
  await shown(page, 'move-fallback').fill('10');
  // Every box online before the preview counts them.
  await expect.poll(() => boxes.every((b) => b.connected), { timeout: 20_000 }).toBe(true);
  await shown(page, 'move-preview').click();
  await expect(shown(page, 'move-summary')).toHaveText(
    `5 boxes to move to ${target}, 5 online now (the others get it when they come back).`,
  );
  await expect(shown(page, 'move-boxes').locator('tbody tr.ant-table-row')).toHaveCount(5);
  await screenshot(page, 'smartbox-ip-config-preview');
  await shown(page, 'move-submit').click();
  await expect(page.locator('.ant-message')).toContainText('5 boxes moving: 5 sent now, 0 waiting for their box.');

  // Live: four arrive on the second instance, the lost one comes back by itself.
  for (const b of registered.filter((x) => x.boxId !== LOST))
    await expect(shown(page, `move-state-${b.boxId}`)).toHaveAttribute('data-state', 'arrived', { timeout: 30_000 });
  await expect(shown(page, `move-state-${LOST}`)).toHaveAttribute('data-state', 'reverted', { timeout: 30_000 });
  await expect(shown(page, `move-state-${LOST}`)).toContainText('Came back');
  await expect(shown(page, `move-state-${LOST}`)).toContainText('could not reach the new address');
  await screenshot(page, 'smartbox-ip-config-moves');

  // The box server-IP table: the new address for the four, the old one for the lost box.
  await shown(page, 'ip-config-tab-ips').click();
  await shown(page, 'server-ips-search').fill(target);
  await shown(page, 'server-ips-search').press('Enter');
  await expect(shown(page, 'server-ips-table').locator('tbody tr.ant-table-row')).toHaveCount(4);
  await expect(shown(page, `server-ip-${first}`)).toHaveText(target);
  await expect(shown(page, `server-ip-${LOST}`)).toHaveCount(0);
  const [download] = await Promise.all([page.waitForEvent('download'), shown(page, 'server-ips-export').click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  expect(sheet?.getRow(1).getCell(2).value).toBe('Server address');
  expect(sheet?.rowCount).toBe(5);
  expect(sheet?.getRow(2).getCell(2).value).toBe(target);
  await resize(page, 390);
  await screenshot(page, 'smartbox-ip-config-390');
  await resize(page, 1440);
});
