import { createHash } from 'node:crypto';
import { SimBox } from '@dms/simulator';
import { registerBoxes } from './boxes.js';
import { baseUrl, expect, expectShown, fromMenu, openShell, screenshot, shown, test, tokenOf } from './fixtures.js';

/**
 * /smartbox/box-software (root; issue 23): root rolls a firmware image out to 20 simulated boxes of a box type of the
 * test's own, with a canary of 2 and batches of 6. One box of the second batch fails its SHA-256 check: with no failure
 * allowed the rollout stops by itself, and the boxes' states show why. Root resumes it and it finishes; the simulator's
 * boxes downloaded the image from the server, verified it, rebooted and reported the new version. The rules and
 * refusals are the server's tests (box-rollouts.test.ts).
 */
test.use({ role: 'demo_root' });

const first = 2_145_000_000 + Math.floor(Math.random() * 20_000) * 100;
const COUNT = 20;
/** The box of the second batch whose download fails its check (boxes go in box order: 2 canaries, then 6 a batch). */
const FAILING = first + 4;
const boxType = `E2E-FW-${first % 1_000_000}`;
const boxes: SimBox[] = [];

test.afterAll(async () => {
  await Promise.all(boxes.map((b) => b.stop()));
});

test('root rolls firmware out to 20 boxes: the canary first, a stop at the first failure, then resumed to the end', async ({
  page,
  playwright,
}) => {
  test.setTimeout(150_000);
  const request = await playwright.request.newContext();
  const registered = await registerBoxes(request, 'demo_manager', first, first + COUNT - 1, {
    boxType,
    companyName: `E2E rollout ${first}`,
    contact: 'e2e',
  });
  // The image, uploaded as root would from /smartbox/upload (that screen has its own test).
  const image = Buffer.alloc(64 * 1024, 0x5a);
  image.write(`firmware 3.0.0 for ${boxType}`);
  const sha256 = createHash('sha256').update(image).digest('hex');
  const query = new URLSearchParams({ kind: 'firmware', boxType, version: '3.0.0', fileName: 'dtu-3.0.0.bin', sha256 });
  const uploaded = await request.post(`${baseUrl()}/api/v2/smartbox/images?${query.toString()}`, {
    headers: { authorization: `Bearer ${tokenOf('demo_root')}`, 'content-type': 'application/octet-stream' },
    data: image,
  });
  const { data: img } = (await uploaded.json()) as { data: { id: number } };
  await request.dispose();
  for (const b of registered) {
    const box = new SimBox({
      boxId: b.boxId,
      password: b.password,
      url: `mqtt://127.0.0.1:${process.env.E2E_MQTT_PORT ?? ''}`,
      types: ['screw-compressor'],
      interval: 60,
      seed: `fw-${b.boxId}`,
      rates: { fault: 0, alert: 0, offline: 0, ipChange: 0 },
      loopbackAliases: false,
      rebootMs: 200,
      ...(b.boxId === FAILING ? { commandFaults: { firmware: 'checksum-mismatch' } } : {}),
    });
    boxes.push(box);
    box.start();
  }

  await openShell(page, '/dashboard');
  await fromMenu(page, 'Smart box', 'boxSoftware');
  await expectShown(page, /\/smartbox\/box-software/);
  await expect(shown(page, 'versions-chart')).toBeVisible();
  await shown(page, `image-roll-out-${img.id}`).click();
  const dialog = page.locator('.ant-modal:visible');
  await expect(dialog.getByTestId('rollout-start')).toBeDisabled();
  await dialog.getByTestId('rollout-canary').fill('2');
  await dialog.getByTestId('rollout-batch').fill('6');
  await dialog.getByTestId('rollout-pace').fill('0');
  await dialog.getByTestId('rollout-max-failures').fill('0');
  await dialog.getByTestId('rollout-preview').click();
  // Every box is online before the preview counts them.
  await expect(async () => {
    await dialog.getByTestId('rollout-preview').click();
    await expect(dialog.getByTestId('rollout-preview-result')).toContainText(
      '20 boxes (20 online) will get 3.0.0; none is on it already.',
      {
        timeout: 1000,
      },
    );
  }).toPass({ timeout: 20_000 });
  await screenshot(page, 'smartbox-rollout-new');
  await dialog.getByTestId('rollout-start').click();
  const started = page.locator('.ant-message').filter({ hasText: /Rollout \d+ started/ });
  await expect(started).toBeVisible();
  const id = Number(/Rollout (\d+) started/.exec((await started.textContent()) ?? '')?.[1]);

  // The drawer opens on the new rollout: the canary goes first, then the second batch, where one box fails its check.
  const drawer = page.getByTestId('rollout-drawer');
  await expect(drawer).toContainText(`Rollout ${id}: ${boxType} 3.0.0`);
  await expect(drawer.getByTestId('rollout-drawer-state')).toHaveAttribute('data-state', 'stopped', { timeout: 60_000 });
  await expect(drawer).toContainText('more boxes failed than allowed');
  await expect(drawer.getByTestId(`rollout-box-state-${FAILING}`)).toHaveAttribute('data-state', 'failed');
  await expect(drawer).toContainText('the image failed its SHA-256 check');
  await expect(drawer.getByTestId(`rollout-box-state-${first}`)).toHaveText('Updated');
  await expect(drawer.getByTestId(`rollout-box-state-${first + COUNT - 1}`)).toHaveText('Waiting for its batch');
  await screenshot(page, 'smartbox-rollout-stopped');
  await drawer.locator('.ant-drawer-close').click();

  await shown(page, `rollout-resume-${id}`).click();
  await expect(shown(page, `rollout-state-${id}`)).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  await expect(shown(page, `rollout-batches-${id}`)).toHaveText('4 of 4');
  await expect(shown(page, `rollout-progress-${id}`)).toContainText('19/20');
  await screenshot(page, 'smartbox-rollout-done');
  // The boxes really run the new firmware (the failed one the old), and the fleet's versions say so.
  expect(boxes.filter((b) => b.firmware === '3.0.0')).toHaveLength(COUNT - 1);
  expect(boxes.find((b) => b.boxId === FAILING)?.firmware).toBe('2.4.1');
});
