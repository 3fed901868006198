import { createHash, randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { BOX_TYPE_NAME, MAX_IMAGE_BYTES, type FleetVersion, type ImageRow } from '@dms/contract';
import { apiGet, registerBoxes } from './boxes.js';
import { baseUrl, expect, expectShown, fromMenu, openShell, screenshot, shown, test, tokenOf } from './fixtures.js';

/**
 * /smartbox/upload (root; issue 23): root uploads a firmware image of the fleet's box type through the form, with the
 * SHA-256 the browser computed: it is listed with its size and SHA-256. A file over the size limit is refused by the
 * form; a file whose SHA-256 is not the one given is warned about before sending and refused by the server with its
 * message, and nothing is stored. A box's download is in the upload log; the image is deleted. The checks of the file
 * (type, size, checksum) are the server's tests (box-rollouts.test.ts).
 */

test.describe.configure({ mode: 'serial' });
test.use({ role: 'demo_root' });

// A version of this run's own (each part at most five digits).
const stamp = Date.now();
const version = `9.${Math.floor(stamp / 100_000) % 100_000}.${stamp % 100_000}`;
const refused = `${version}-bad`;
// 1.5 KB, starting with bytes no known file format starts with.
const content = Buffer.concat([Buffer.from('E2E-FW'), randomBytes(1536 - 6)]);
const sha = createHash('sha256').update(content).digest('hex');
const fileName = `e2e-${version}.bin`;
const boxId = 2_146_000_000 + Math.floor(Math.random() * 140_000) * 10;
let boxType = 'E2E-GW';
let imageId = 0;

test.beforeAll(async ({ request }) => {
  // The fleet's most common box type, as the form offers it.
  const versions = (await apiGet(request, tokenOf('demo_root'), '/smartbox/versions')).data as FleetVersion[];
  boxType = versions.map((v) => v.boxType).find((type) => BOX_TYPE_NAME.test(type)) ?? boxType;
});

/** The images of this run's version `v`, as the server lists them. */
async function imagesOf(page: Page, v: string): Promise<ImageRow[]> {
  const list = await apiGet(page.request, tokenOf('demo_root'), `/smartbox/images?q=${encodeURIComponent(v)}`);
  return (list.data as { items: ImageRow[] }).items.filter((i) => i.version === v);
}

/** Fills the form: the fleet's box type, version `v`, the file (its digest shown once computed) and `sha256`. */
async function fillForm(page: Page, v: string, sha256: string | null): Promise<void> {
  await shown(page, 'upload-box-type').fill(boxType);
  await shown(page, 'upload-version').fill(v);
  await shown(page, 'upload-file')
    .locator('input[type=file]')
    .setInputFiles({ name: fileName, mimeType: 'application/octet-stream', buffer: content });
  await expect(shown(page, 'upload-file')).toContainText(fileName);
  await expect(shown(page, 'upload-file-sha256')).toContainText(sha);
  if (sha256 === null) await shown(page, 'upload-use-sha256').click();
  else await shown(page, 'upload-sha256').fill(sha256);
}

const row = (page: Page, v: string) => shown(page, 'images-table').locator(`tr[data-version="${v}"]`);

test('root uploads a firmware image with its SHA-256: it is listed with its size and SHA-256', async ({ page }) => {
  await openShell(page, '/dashboard');
  await fromMenu(page, 'Smart box', 'upload');
  await expectShown(page, /\/smartbox\/upload$/);
  await fillForm(page, version, null);
  await expect(shown(page, 'upload-sha256')).toHaveValue(sha);
  await expect(shown(page, 'upload-sha-mismatch')).toHaveCount(0);
  await shown(page, 'upload-notes').fill('E2E upload');
  await screenshot(page, 'smartbox-upload-form');
  await shown(page, 'upload-submit').click();
  await expect(page.locator('.ant-message')).toContainText(`Version ${version} for ${boxType} (Firmware image) is uploaded.`);

  // The form is cleared for the next image; the list shows this one first.
  await expect(shown(page, 'upload-version')).toHaveValue('');
  await expect(shown(page, 'upload-file')).not.toContainText(fileName);
  await expect(row(page, version)).toBeVisible();
  await expect(row(page, version)).toContainText(boxType);
  await expect(row(page, version)).toContainText('Firmware image');
  await expect(row(page, version)).toContainText(fileName);
  await expect(row(page, version)).toContainText('1.5 KB');
  await expect(row(page, version)).toContainText(`${sha.slice(0, 12)}…`);
  await expect(row(page, version)).toContainText('E2E upload');
  await expect(row(page, version)).toContainText('demo_root');
  await expect(row(page, version).locator('[data-sha256]')).toHaveAttribute('data-sha256', sha);
  const [stored] = await imagesOf(page, version);
  expect(stored).toMatchObject({ kind: 'firmware', boxType, fileName, size: content.length, sha256: sha, notes: 'E2E upload' });
  imageId = stored?.id ?? 0;
  await row(page, version).scrollIntoViewIfNeeded();
  await screenshot(page, 'smartbox-upload');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('hamburger')).toBeVisible();
  await screenshot(page, 'smartbox-upload-390');
  await row(page, version).scrollIntoViewIfNeeded();
  await screenshot(page, 'smartbox-upload-390-list');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The list filters by kind and searches: a list of programs does not have it.
  await shown(page, 'images-search').fill(version);
  await shown(page, 'images-search').press('Enter');
  await expect(page).toHaveURL(/q=9\./);
  await expect(shown(page, 'images-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  await shown(page, 'images-kind').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Box program' }).click();
  await expect(page).toHaveURL(/kind=program/);
  await expect(row(page, version)).toHaveCount(0);
});

test('a SHA-256 that is not the file’s: warned before sending, refused by the server, nothing stored', async ({ page }) => {
  const wrong = createHash('sha256').update('not the file').digest('hex');
  await openShell(page, '/smartbox/upload');
  // A file over the limit is refused by the form: nothing is sent.
  await shown(page, 'upload-file')
    .locator('input[type=file]')
    .setInputFiles({ name: 'large.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(MAX_IMAGE_BYTES + 1, 1) });
  await shown(page, 'upload-submit').click();
  await expect(shown(page, 'image-upload')).toContainText('An image is at most 16 MB; this file is larger.');
  await expect(shown(page, 'upload-progress')).toHaveCount(0);

  await fillForm(page, refused, wrong.toUpperCase());
  // Taken in lower case; the browser's own digest differs: a warning, before anything is sent.
  await expect(shown(page, 'upload-sha256')).toHaveValue(wrong);
  await expect(shown(page, 'upload-sha-mismatch')).toBeVisible();
  await shown(page, 'upload-submit').click();
  await expect(shown(page, 'upload-error')).toHaveText(
    `The file's SHA-256 is ${sha}, not the ${wrong} given: it is damaged or not the file meant. Nothing was stored.`,
  );
  expect(await imagesOf(page, refused)).toEqual([]);
  await expect(row(page, version)).toBeVisible();
  await expect(row(page, refused)).toHaveCount(0);
  // The form keeps what was given, to be corrected.
  await expect(shown(page, 'upload-version')).toHaveValue(refused);
  await screenshot(page, 'smartbox-upload-refused');

  // On a phone the 64 digits wrap: nothing runs off the side.
  await page.setViewportSize({ width: 390, height: 844 });
  await shown(page, 'upload-error').scrollIntoViewIfNeeded();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
  await screenshot(page, 'smartbox-upload-refused-390');
});

test('a box’s download of the image is in the upload log', async ({ page, playwright }) => {
  expect(imageId).toBeGreaterThan(0);
  const request = await playwright.request.newContext();
  try {
    const [box] = await registerBoxes(request, 'demo_manager', boxId, boxId, { boxType, companyName: `E2E Upload ${boxId}` });
    if (!box) throw new Error('no box');
    // The box may fetch the image once told to install it (its credentials alone fetch nothing): root's command, queued
    // for the box that is not online, names it.
    const url = `${baseUrl()}/api/v2/smartbox/images/${imageId}/file`;
    const told = await request.post(`${baseUrl()}/api/v2/smartbox/commands`, {
      headers: { authorization: `Bearer ${tokenOf('demo_root')}` },
      data: { boxIds: [boxId], cmd: 'firmware', args: { version, url, sha256: sha, size: content.length } },
    });
    expect(told.status()).toBe(200);
    const res = await request.get(`${baseUrl()}/api/v2/smartbox/images/${imageId}/file`, {
      headers: { authorization: `Basic ${Buffer.from(`${boxId}:${box.password}`).toString('base64')}` },
    });
    expect(res.status()).toBe(200);
    expect(Buffer.compare(await res.body(), content)).toBe(0);
  } finally {
    await request.dispose();
  }

  await openShell(page, '/smartbox/upload');
  await expect(row(page, version)).toBeVisible();
  await shown(page, 'upload-tab-sends').click();
  await shown(page, 'sends-filter-box').fill(String(boxId));
  await shown(page, 'sends-filter-box').press('Enter');
  const sends = shown(page, 'sends-table').locator('tbody tr.ant-table-row');
  await expect(sends).toHaveCount(1);
  await expect(sends.first()).toContainText(String(boxId));
  await expect(sends.first()).toContainText(version);
  await expect(sends.first()).toContainText('1.5 KB');
  await expect(sends.first()).toContainText('127.0.0.1');
  await sends.first().scrollIntoViewIfNeeded();
  await screenshot(page, 'smartbox-upload-log');
});

test.describe('in Chinese', () => {
  test.use({ lang: 'zh' });

  test('the page reads in Chinese at a desktop’s and a phone’s width', async ({ page }) => {
    await openShell(page, '/smartbox/upload');
    await expect(shown(page, 'image-upload')).toContainText('上传镜像');
    await expect(row(page, version)).toContainText('固件镜像');
    await fillForm(page, refused, createHash('sha256').update('not the file').digest('hex'));
    await expect(shown(page, 'upload-sha-mismatch')).toContainText('服务器将拒绝该文件');
    await screenshot(page, 'smartbox-upload-zh');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
      .toBeLessThanOrEqual(0);
    await screenshot(page, 'smartbox-upload-zh-390');
    await shown(page, 'images-table').scrollIntoViewIfNeeded();
    await screenshot(page, 'smartbox-upload-zh-390-list');
  });
});

test('root deletes the image: it is gone, with its downloads', async ({ page }) => {
  await openShell(page, `/smartbox/upload?q=${encodeURIComponent(version)}`);
  await expect(row(page, version)).toBeVisible();
  await shown(page, `image-delete-${imageId}`).click();
  await page.getByTestId(`image-delete-ok-${imageId}`).click();
  await expect(page.locator('.ant-message')).toContainText(`Version ${version} for ${boxType} (Firmware image) is deleted.`);
  await expect(row(page, version)).toHaveCount(0);
  expect(await imagesOf(page, version)).toEqual([]);
  const log = await apiGet(page.request, tokenOf('demo_root'), `/smartbox/file-sends?boxId=${boxId}`);
  expect((log.data as { total: number }).total).toBe(0);
});
