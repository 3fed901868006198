import path from 'node:path';
import { registerBoxes } from './boxes.js';
import { expect, expectShown, openShell, rolePage, screenshot, shown, test } from './fixtures.js';

/**
 * Claim labels (issue 24; docs/people.md "Claiming a box"): root registers two boxes as stock, opens "Print labels"
 * from box registration, shows their labels (two on one page) and takes a photo of each (a screenshot of the printed
 * label); then voids the second box's labels. demo_manager, at Add device, uploads the second photo: the label is read,
 * but the server refuses it as replaced; then the first: read, box filled in, no CK code asked, and the box is theirs.
 * The server's rules and messages are claim-labels.test.ts's.
 */
test('labels printed for two boxes; the voided one refused, the other claimed by a photo of its label', async ({ browser }, info) => {
  const start = 760_000 + Math.floor(Math.random() * 20_000) * 2;
  const root = await rolePage(browser, 'demo_root');
  await registerBoxes(root.request, 'demo_root', start, start + 1, { boxType: 'DTU-4G', companyName: 'Label stock', ck: '2444' });

  await openShell(root, '/box-reg-info/list');
  await shown(root, 'box-reg-labels').click();
  await expectShown(root, /\/box-reg-info\/labels$/);
  await shown(root, 'labels-start').fill(String(start));
  await shown(root, 'labels-end').fill(String(start + 1));
  await shown(root, 'labels-show').click();
  await expect(shown(root, 'labels-count')).toHaveText('2 labels on 1 page');
  const photos: string[] = [];
  for (const boxId of [start, start + 1]) {
    const label = shown(root, `label-${boxId}`);
    await expect(label).toHaveAttribute('data-ready', 'true');
    await expect(label).toContainText(`Box ${boxId}`);
    // The code a person can type, four groups of four; never the CK code.
    await expect(label.locator('code')).toHaveText(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    const photo = info.outputPath(`label-${boxId}.png`);
    await label.screenshot({ path: photo });
    photos.push(photo);
  }
  await screenshot(root, 'claim-labels');

  // The second box's labels voided: the photo taken of it no longer claims it.
  await shown(root, 'labels-start').fill(String(start + 1));
  await shown(root, 'labels-show').click();
  await expect(shown(root, 'labels-count')).toHaveText('1 label on 1 page');
  await shown(root, 'labels-void').click();
  await root.getByTestId('labels-void-ok').click();
  await expect(shown(root, 'labels-voided')).toHaveText('1 box has new labels; print them again.');

  const page = await rolePage(browser, 'demo_manager');
  await openShell(page, '/usermanager/add-device');
  const upload = async (photo: string) => {
    await page.getByTestId('add-device-photo-input').setInputFiles(path.resolve(photo));
  };
  await upload(photos[1] ?? '');
  await expect(shown(page, 'add-device-label')).toContainText(`Label read: box ${start + 1}.`);
  await expect(shown(page, 'add-device-box-id')).toHaveValue(String(start + 1));
  await expect(shown(page, 'add-device-ck')).toBeHidden();
  await shown(page, 'add-device-submit').click();
  await expect(shown(page, 'add-device-error')).toHaveText(
    `This label is not the current one of box ${start + 1}: its labels were replaced. Ask for a new label.`,
  );

  await upload(photos[0] ?? '');
  await expect(shown(page, 'add-device-label')).toContainText(`Label read: box ${start}.`);
  await expect(shown(page, 'add-device-box-id')).toHaveValue(String(start));
  await shown(page, 'add-device-submit').click();
  await expect(shown(page, 'add-device-done')).toContainText(`Box ${start} is yours`);
  await screenshot(page, 'add-device-by-label');
  await root.close();
  await page.close();
});
