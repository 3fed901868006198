import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { apiGet } from './boxes.js';
import { dialogClosed, dialogSettled, expect, openShell, rolePage, screenshot, test, tokenOf } from './fixtures.js';

/**
 * IoT cards (issue 22): the top bar's count of cards expiring this month equals the total of the expired-device list it
 * opens (demo_end_user: only the boxes they reach); the months are tabs, searched and paged, and exported to .xlsx; root
 * sets a card's expiry, which moves it between the months and the count, and imports a sheet of cards. The demo fleet
 * dates its cards' expiries from the day it was set up. Serial: root's changes move the counts the first test compares.
 */
test.describe.configure({ mode: 'serial' });

type CardPage = {
  total: number;
  items: Array<{ id: number; boxId: number | null; iccid: string; provider: string; expiresOn: string | null }>;
};

const badge = (page: Page) => page.getByTestId('iot-cards');
const drawer = (page: Page) => page.getByTestId('iot-cards-drawer');
const total = async (page: Page) => Number(await drawer(page).getByTestId('iot-cards-total').getAttribute('data-total'));

async function openList(page: Page): Promise<void> {
  await badge(page).click();
  await expect(drawer(page).getByTestId('iot-cards-table')).toBeVisible();
}

test('the top bar counts the cards expiring this month as its list does; the months are tabs, searched and exported', async ({
  browser,
}) => {
  const page = await rolePage(browser, 'demo_end_user');
  // The demo fleet dates its cards a moment after the server starts (once its boxes said hello).
  const expiredOf = async () =>
    (await apiGet(page.request, tokenOf('demo_end_user'), '/iot_card/get_expired_list?month=expired&page_size=200')).data as CardPage;
  await expect.poll(async () => (await expiredOf()).total, { timeout: 30_000 }).toBeGreaterThan(0);
  await openShell(page, '/dashboard');
  const mine = (await apiGet(
    page.request,
    tokenOf('demo_end_user'),
    '/iot_card/get_expired_list?month=this_month&page=1&page_size=10',
  )) as {
    code: number;
    data: CardPage;
  };
  expect(mine.code).toBe(1000);
  await expect(badge(page)).toHaveAttribute('data-count', String(mine.data.total));
  await openList(page);
  await expect(drawer(page).getByTestId('iot-cards-total')).toHaveAttribute('data-total', String(mine.data.total));
  expect(await total(page)).toBe(Number(await badge(page).getAttribute('data-count')));

  // Expired: the demo fleet has some; one is found by its box number, and the month's list is exported.
  await drawer(page).getByTestId('iot-cards-tab-expired').click();
  const expired = await expiredOf();
  await expect(drawer(page).getByTestId('iot-cards-total')).toHaveAttribute('data-total', String(expired.total));
  await screenshot(page, 'iot-cards-expired');
  const [download] = await Promise.all([page.waitForEvent('download'), drawer(page).getByTestId('iot-cards-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^iot-cards-expired.*\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  expect(sheet?.actualRowCount).toBe(expired.total + 1);
  const first = expired.items[0];
  if (!first?.boxId) throw new Error('an expired card of a box');
  await drawer(page).getByTestId('iot-cards-search').fill(String(first.boxId));
  await expect(drawer(page).getByTestId('iot-cards-total')).toHaveAttribute('data-total', '1');
  await expect(drawer(page).getByTestId(`iot-card-box-${first.id}`)).toHaveText(String(first.boxId));
  // Others read the list; setting and importing cards is root's and limited_admin's.
  await expect(drawer(page).getByTestId('iot-cards-import')).toHaveCount(0);
  await expect(drawer(page).getByTestId(`iot-card-edit-${first.id}`)).toHaveCount(0);
  await page.context().close();
});

test('root sets an expired card to expire today: it moves to this month and the count follows; a sheet of cards is imported', async ({
  browser,
}) => {
  const page = await rolePage(browser, 'demo_root');
  const expiredOf = async () =>
    (await apiGet(page.request, tokenOf('demo_root'), '/iot_card/get_expired_list?month=expired&page_size=200')).data as CardPage;
  await expect.poll(async () => (await expiredOf()).total, { timeout: 30_000 }).toBeGreaterThan(0);
  const today = new Date().toISOString().slice(0, 10);
  await openShell(page, '/dashboard');
  // The count the badge shows once it answered (read at once, it may be the page's first guess).
  const before = (
    (await apiGet(page.request, tokenOf('demo_root'), '/iot_card/get_expired_list?month=this_month&page=1&page_size=10')).data as CardPage
  ).total;
  await expect(badge(page)).toHaveAttribute('data-count', String(before));
  await openList(page);
  await drawer(page).getByTestId('iot-cards-tab-expired').click();
  await expect(drawer(page).getByTestId('iot-cards-total')).toHaveAttribute('data-total', String((await expiredOf()).total));
  const id = Number(await drawer(page).locator('.ant-table-row').first().getAttribute('data-row-key'));
  const card = (await expiredOf()).items.find((c) => c.id === id);
  if (!card) throw new Error(`the expired card ${id}`);
  await drawer(page).getByTestId(`iot-card-edit-${card.id}`).click();
  const date = page.getByTestId(`iot-card-date-${card.id}`);
  await date.click();
  await date.fill(today);
  await date.press('Enter');
  await page.getByTestId(`iot-card-save-${card.id}`).click();
  await expect(drawer(page).getByTestId(`iot-card-box-${card.id}`)).toHaveCount(0);
  await expect(badge(page)).toHaveAttribute('data-count', String(before + 1));
  await drawer(page).getByTestId('iot-cards-tab-this_month').click();
  await expect(drawer(page).getByTestId(`iot-card-expiry-${card.id}`)).toHaveText(today);
  await expect(drawer(page).getByTestId('iot-cards-total')).toHaveAttribute('data-total', String(before + 1));

  // The import: a bad row is named, nothing written; fixed, the card (no box reports it) is added.
  const iccid = `89860${Date.now().toString().slice(-14)}`;
  await drawer(page).getByTestId('iot-cards-import').click();
  await dialogSettled(page);
  const sheet = (rows: string[]) => ({
    name: 'cards.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['ICCID,Expiry date,Provider', ...rows].join('\n')),
  });
  const input = page.locator('.ant-modal input[type=file]');
  await input.setInputFiles(sheet([`${iccid},2027-02-30,Test`]));
  await expect(page.getByTestId('iot-cards-import-problems')).toContainText('Row 2, Expiry date: enter a date as YYYY-MM-DD.');
  await expect(page.getByTestId('iot-cards-import-apply')).toBeDisabled();
  await input.setInputFiles(sheet([`${iccid},${card.expiresOn ?? today},Test`]));
  await expect(page.getByTestId('iot-cards-import-summary')).toContainText('1 card will be set');
  await page.getByTestId('iot-cards-import-apply').click();
  await dialogClosed(page);
  await expect(page.locator('.ant-message')).toContainText('1 card was set.');
  await screenshot(page, 'iot-cards-root');

  // Put the moved card back as it was (the other specs' demo fleet stays as set up).
  await page.request.put(`/api/v2/iot_card/cards/${card.id}`, {
    headers: { authorization: `Bearer ${tokenOf('demo_root')}` },
    data: { expiresOn: card.expiresOn, provider: card.provider },
  });
  await page.context().close();
});
