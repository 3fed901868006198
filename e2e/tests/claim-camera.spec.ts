import fs from 'node:fs';
import { chromium, type TestInfo } from '@playwright/test';
import QRCode from 'qrcode';
import { E2E_CHROMIUM_LAUNCH } from '../../bench/src/chromium.js';
import { apiGet, registerBoxes } from './boxes.js';
import { baseUrl, expect, openShell, shown, stateOf, test, tokenOf } from './fixtures.js';

/**
 * Claiming a box with the phone's camera (issue 24): the camera is Chromium's fake capture playing a video of the box's
 * printed label (a .y4m made here from its QR payload), and add-device's "Scan with the camera" reads it in the
 * browser, fills the box in and claims it with the label's secret. The photo upload's path is claim-labels.spec.ts's.
 */

const WIDTH = 640;
const HEIGHT = 480;
/** Pixels a QR module takes, and the white modules around the code. */
const MODULE = 8;
const QUIET = 4;

/** A few frames of `payload`'s QR code, black on white in the middle of the picture, as a YUV 4:2:0 .y4m. */
function labelVideo(payload: string, info: TestInfo): string {
  const qr = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const side = (size + 2 * QUIET) * MODULE;
  const left = Math.floor((WIDTH - side) / 2);
  const top = Math.floor((HEIGHT - side) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      if (!qr.modules.get(y, x)) continue;
      for (let dy = 0; dy < MODULE; dy++) {
        const row = top + (QUIET + y) * MODULE + dy;
        luma.fill(16, row * WIDTH + left + (QUIET + x) * MODULE, row * WIDTH + left + (QUIET + x + 1) * MODULE);
      }
    }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const file = info.outputPath('label.y4m');
  fs.writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), ...Array<Buffer>(5).fill(frame)]),
  );
  return file;
}

test('a box claimed by scanning its label with the camera', async ({ playwright }, info) => {
  const boxId = 800_000 + Math.floor(Math.random() * 20_000) * 2 + 1;
  const request = await playwright.request.newContext();
  await registerBoxes(request, 'demo_root', boxId, boxId, { boxType: 'DTU-4G', companyName: 'Camera stock' });
  const { data } = await apiGet(request, tokenOf('demo_root'), `/box-reg-info/labels?startBoxId=${boxId}&endBoxId=${boxId}`);
  const payload = (data as { labels: Array<{ payload: string }> }).labels[0]?.payload ?? '';
  await request.dispose();
  expect(payload).toMatch(new RegExp(`^DMS1:${boxId}:`));

  // A browser of its own: its camera is the video of the label.
  const browser = await chromium.launch({
    ...E2E_CHROMIUM_LAUNCH,
    args: [
      ...(E2E_CHROMIUM_LAUNCH.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${labelVideo(payload, info)}`,
    ],
  });
  try {
    const context = await browser.newContext({
      storageState: stateOf('demo_manager'),
      baseURL: baseUrl(),
      permissions: ['camera'],
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await openShell(page, '/usermanager/add-device');
    await shown(page, 'add-device-scan').click();
    await expect(shown(page, 'add-device-label')).toContainText(`Label read: box ${boxId}.`);
    await expect(shown(page, 'add-device-box-id')).toHaveValue(String(boxId));
    await expect(shown(page, 'add-device-ck')).toBeHidden();
    await shown(page, 'add-device-submit').click();
    await expect(shown(page, 'add-device-done')).toContainText(`Box ${boxId} is yours`);
  } finally {
    await browser.close();
  }
});
