import type { APIRequestContext, Page } from '@playwright/test';
import { apiGet } from './boxes.js';
import { baseUrl, expect, goInApp, openShell, rolePage, screenshot, shown as byId, signIn, test, tokenOf } from './fixtures.js';

/**
 * Announcements (issue 22): root writes one of each type through /notice/notice-create (the users of a device, one
 * person, everyone), and each reaches exactly its audience on /msg/announcement-list; a super-top one is a banner on
 * every page of its reader until they mark it read; root's list counts who it reached and who read it, and a withdrawn
 * one is gone for its readers. The super-top one is for demo_afterSales, whom no other spec signs in, so no other
 * spec's page shows its banner; every announcement made here is deleted at the end.
 */
test.use({ role: 'demo_root' });
// Four people's pages, one after another: about 30 s on an idle machine, over the default 45 s on a busy one.
test.setTimeout(90_000);

const STAMP = Date.now().toString(36);
const title = (what: string) => `${what} ${STAMP}`;
const made: number[] = [];

/** The ids of the devices `token`'s user reaches. */
async function reachable(request: APIRequestContext, token: string): Promise<Map<number, { boxId: number; controller: number }>> {
  const page = (await apiGet(request, token, '/devices?page=1&page_size=200')).data as {
    items: Array<{ id: number; boxId: number; controller: number }>;
  };
  return new Map(page.items.map((d) => [d.id, d]));
}

/** The reader's /msg/announcement-list (opened, or read again if already there) shows these of this spec's, in this order. */
async function expectReader(page: Page, titles: string[]): Promise<void> {
  await goInApp(page, '/msg/announcement-list');
  await byId(page, 'announcements-reload').click();
  const shown = byId(page, 'announcements-table').locator('.ant-table-row [data-testid^=announcement-title-]');
  await expect.poll(async () => (await shown.allTextContents()).filter((t) => t.endsWith(STAMP))).toEqual(titles);
}

async function publish(page: Page, fill: () => Promise<void>): Promise<number> {
  await goInApp(page, '/notice/notice-create');
  await expect(byId(page, 'notice-form')).toBeVisible();
  await fill();
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/v2/notice/announcements') && r.request().method() === 'POST');
  await byId(page, 'notice-form-save').click();
  const body = (await (await answer).json()) as { code: number; data: { id: number } };
  expect(body.code).toBe(20000);
  made.push(body.data.id);
  await expect(byId(page, 'notice-table')).toBeVisible();
  return body.data.id;
}

test.afterAll(async ({ request }) => {
  for (const id of made)
    await request.delete(`${baseUrl()}/api/v2/notice/announcements/${id}`, {
      headers: { authorization: `Bearer ${tokenOf('demo_root')}` },
    });
});

test('an announcement of each type reaches exactly its audience; super top is a banner until read; withdrawn is gone', async ({
  page,
  browser,
  request,
}) => {
  // A device demo_manager reaches and demo_end_user does not.
  const managers = await reachable(request, tokenOf('demo_manager'));
  const endUsers = await reachable(request, tokenOf('demo_end_user'));
  const device = [...managers.entries()].find(([id]) => !endUsers.has(id));
  expect(device, 'a device of demo_manager that demo_end_user does not reach').toBeDefined();
  const [deviceId, { boxId }] = device ?? [0, { boxId: 0 }];

  await openShell(page, '/notice/notice-list');

  // A problem is named at its field before anything is sent, and nothing typed is lost.
  await goInApp(page, '/notice/notice-create');
  await byId(page, 'notice-form-type').getByText('Personal').click();
  await byId(page, 'notice-form-title-en').fill(title('Kept'));
  await byId(page, 'notice-form-save').click();
  await expect(byId(page, 'notice-form')).toContainText('Choose the people it is for.');
  await expect(byId(page, 'notice-form-title-en')).toHaveValue(title('Kept'));
  await byId(page, 'notice-form-cancel').click();

  const personal = await publish(page, async () => {
    await byId(page, 'notice-form-type').getByText('Personal').click();
    await byId(page, 'notice-form-users').click();
    await page.keyboard.type('afterSales');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^demo_afterSales$/ })
      .click();
    await page.keyboard.press('Escape');
    await byId(page, 'notice-form-pin').locator('input[value=super_top]').check({ force: true });
    await byId(page, 'notice-form-title-en').fill(title('Service visit'));
    await byId(page, 'notice-form-body-en').fill('Our engineer comes on **Monday**.\n\n- bring the logbook');
    await byId(page, 'notice-form-lang-zh').click();
    await byId(page, 'notice-form-title-zh').fill(title('上门服务'));
    await byId(page, 'notice-form-mode').getByText('Preview').click();
    await expect(byId(page, 'notice-form-preview-zh')).toContainText(title('上门服务'));
    await byId(page, 'notice-form-lang-en').click();
    await expect(byId(page, 'notice-form-preview-en').locator('strong')).toHaveText('Monday');
    await screenshot(page, 'announcement-preview');
  });
  const forDevice = await publish(page, async () => {
    await byId(page, 'notice-form-type').getByText('Device').click();
    await byId(page, 'notice-form-devices').click();
    await page.keyboard.type(String(boxId));
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: new RegExp(`^${boxId}/`) })
      .first()
      .click();
    await page.keyboard.press('Escape');
    await byId(page, 'notice-form-pin').locator('input[value=top]').check({ force: true });
    await byId(page, 'notice-form-title-en').fill(title('Filter change'));
  });
  const everyone = await publish(page, async () => {
    await byId(page, 'notice-form-title-en').fill(title('New console'));
    await byId(page, 'notice-form-body-en').fill('Find it under *Messages*.');
  });
  expect(deviceId).toBeGreaterThan(0);

  // Root's list: the person counted once, nobody has read anything yet.
  await byId(page, 'notice-search').fill(STAMP);
  await byId(page, 'notice-search').press('Enter');
  await expect(byId(page, 'notice-table').locator('.ant-table-row')).toHaveCount(3);
  await expect(byId(page, `notice-reach-${personal}`)).toHaveAttribute('data-reached', '1');
  await expect(byId(page, `notice-reach-${personal}`)).toHaveAttribute('data-read', '0');
  await expect(byId(page, `notice-type-${forDevice}`)).toHaveText('Device');
  await screenshot(page, 'announcement-list-root');

  // demo_afterSales: the personal one (super top, first, in English) and everyone's; the banner until read.
  const afterSales = await (
    await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' })
  ).newPage();
  await signIn(afterSales, 'demo_afterSales');
  await openShell(afterSales, '/dashboard');
  const banner = afterSales.getByTestId('announcement-banner');
  await expect(banner).toHaveAttribute('data-id', String(personal));
  await expect(afterSales.getByTestId('announcement-banner-title')).toHaveText(title('Service visit'));
  await expectReader(afterSales, [title('Service visit'), title('New console')]);
  await expect(byId(afterSales, `announcement-unread-${personal}`)).toBeVisible();
  await screenshot(afterSales, 'announcement-banner');
  await afterSales.getByTestId('announcement-banner-read').click();
  await expect(banner).toHaveCount(0);
  await expect(byId(afterSales, `announcement-unread-${personal}`)).toHaveCount(0);
  // Opening one reads it too, and shows its text.
  await byId(afterSales, `announcement-title-${everyone}`).click();
  await expect(byId(afterSales, `announcement-body-${everyone}`).locator('em')).toHaveText('Messages');
  await expect(byId(afterSales, `announcement-unread-${everyone}`)).toHaveCount(0);

  // demo_manager: the device's and everyone's, not the personal one; demo_end_user: only everyone's.
  const manager = await rolePage(browser, 'demo_manager');
  await openShell(manager, '/dashboard');
  await expectReader(manager, [title('Filter change'), title('New console')]);
  await expect(manager.locator(`[data-testid=announcement-banner][data-id="${personal}"]`)).toHaveCount(0);
  const endUser = await rolePage(browser, 'demo_end_user');
  await openShell(endUser, '/dashboard');
  await expectReader(endUser, [title('New console')]);

  // Root sees the read counted, then withdraws everyone's: it is gone for its readers, and kept in root's list.
  await byId(page, 'notice-reload').click();
  await expect(byId(page, `notice-reach-${personal}`)).toHaveAttribute('data-read', '1');
  await byId(page, `notice-withdraw-${everyone}`).click();
  await page.locator(`[data-testid=notice-withdraw-ok-${everyone}]:visible`).click();
  await expect(byId(page, `notice-state-${everyone}`)).toHaveAttribute('data-state', 'withdrawn');
  await expectReader(manager, [title('Filter change')]);
  await expectReader(endUser, []);

  // The personal one's text, edited, is what its reader reads next.
  await byId(page, `notice-edit-${personal}`).click();
  await expect(byId(page, 'notice-form-reach')).toContainText('Reaches 1 now, 1 read it.');
  await byId(page, 'notice-form-title-en').fill(title('Service visit moved'));
  await byId(page, 'notice-form-save').click();
  await expect(byId(page, `notice-title-${personal}`)).toHaveText(title('Service visit moved'));
  await expectReader(afterSales, [title('Service visit moved')]);

  for (const p of [afterSales, manager, endUser]) await p.context().close();
});
