import type { Page } from '@playwright/test';
import { apiGet } from './boxes.js';
import { dialogClosed, dialogSettled, expect, goInApp, openShell, rolePage, screenshot, shown, test, tokenOf } from './fixtures.js';

/**
 * Renewal feedback (issue 22): a user sends feedback on an expiring card from the expired-device list, under the
 * renewal prompt; the top bar's feedback count follows (code 1000, its list's pending total); root handles it with a
 * status and a reply, which the sender sees on the feedback page and as a notification. Serial: root answers the
 * feedback the first test sends.
 */
test.describe.configure({ mode: 'serial' });

type CardPage = { total: number; items: Array<{ id: number; iccid: string }> };
type FeedbackPage = { total: number; items: Array<{ id: number; cardId: number; status: string; reply: string }> };

const feedbackButton = (page: Page) => page.getByTestId('card-feedback');
const feedbackDrawer = (page: Page) => page.getByTestId('card-feedback-drawer');
const cardsDrawer = (page: Page) => page.getByTestId('iot-cards-drawer');
const pendingOf = async (page: Page, role: 'demo_end_user' | 'demo_root') =>
  (await apiGet(page.request, tokenOf(role), '/iot_card/feedback?status=pending&page_size=100')).data as FeedbackPage;

let sent = { id: 0, iccid: '' };

test('a user sends renewal feedback on an expired card under the renewal prompt; the top bar counts it', async ({ browser }) => {
  const page = await rolePage(browser, 'demo_end_user');
  const expired = async () =>
    (await apiGet(page.request, tokenOf('demo_end_user'), '/iot_card/get_expired_list?month=expired&page_size=200')).data as CardPage;
  await expect.poll(async () => (await expired()).total, { timeout: 30_000 }).toBeGreaterThan(0);
  // A card of the list without feedback of this user still pending (a retry finds the first one sent).
  const pending = new Set((await pendingOf(page, 'demo_end_user')).items.map((f) => f.cardId));
  const card = (await expired()).items.find((c) => !pending.has(c.id));
  if (!card) throw new Error('an expired card without pending feedback');
  await openShell(page, '/dashboard');
  const before = (await apiGet(page.request, tokenOf('demo_end_user'), '/iot_card/get_feedback_num')) as { code: number; data: number };
  expect(before.code).toBe(1000);
  expect(before.data).toBe(pending.size);
  await expect(feedbackButton(page)).toHaveAttribute('data-count', String(before.data));

  await page.getByTestId('iot-cards').click();
  await cardsDrawer(page).getByTestId('iot-cards-tab-expired').click();
  // The renewal prompt tells whom to call (the product's text until root changes it).
  await expect(cardsDrawer(page).getByTestId('renewal-prompt')).toContainText('please contact the provider’s engineer by phone');
  await cardsDrawer(page).getByTestId('iot-cards-search').fill(card.iccid);
  await cardsDrawer(page).getByTestId('iot-cards-search').press('Enter');
  await expect(cardsDrawer(page).getByTestId('iot-cards-total')).toHaveAttribute('data-total', '1');
  await cardsDrawer(page).getByTestId(`iot-card-feedback-${card.id}`).click();
  await dialogSettled(page);
  await page.getByTestId('feedback-send-kind').getByText('Please renew').click();
  await page.getByTestId('feedback-send-note').fill('The box went offline this morning.');
  await page.getByTestId('feedback-send').click();
  await dialogClosed(page);
  await expect(page.locator('.ant-message')).toContainText('Your feedback was sent.');
  await expect(feedbackButton(page)).toHaveAttribute('data-count', String(before.data + 1));

  // A second while the first is pending is refused by name, and nothing is lost from the dialog.
  await cardsDrawer(page).getByTestId(`iot-card-feedback-${card.id}`).click();
  await dialogSettled(page);
  await page.getByTestId('feedback-send-note').fill('Again');
  await page.getByTestId('feedback-send').click();
  await expect(page.getByTestId('feedback-send-dialog')).toContainText(
    'You already sent feedback about this card; it has not been handled yet.',
  );
  await expect(page.getByTestId('feedback-send-note')).toHaveValue('Again');
  await page.getByTestId('feedback-send-dialog').getByRole('button', { name: 'Cancel' }).click();
  await dialogClosed(page);
  await page.keyboard.press('Escape');

  // The feedback page lists it, pending; its count is the badge's.
  await feedbackButton(page).click();
  const mine = (await pendingOf(page, 'demo_end_user')).items.find((f) => f.cardId === card.id);
  if (!mine) throw new Error('the feedback sent');
  await expect(feedbackDrawer(page).getByTestId(`feedback-status-${mine.id}`)).toHaveAttribute('data-status', 'pending');
  await expect(feedbackDrawer(page).getByTestId(`feedback-kind-${mine.id}`)).toHaveText('Please renew');
  await feedbackDrawer(page).getByTestId('feedback-status-filter').click();
  await page.locator('.ant-select-dropdown:visible').getByText('Pending', { exact: true }).click();
  await expect(feedbackDrawer(page).getByTestId('feedback-total')).toHaveAttribute('data-total', String(before.data + 1));
  await screenshot(page, 'card-feedback-sent');
  sent = { id: mine.id, iccid: card.iccid };
  await page.context().close();
});

test('root handles it with a reply; the sender sees the answer on the feedback page and as a notification', async ({ browser }) => {
  if (sent.id === 0) throw new Error('the first test sends the feedback');
  const root = await rolePage(browser, 'demo_root');
  await openShell(root, '/dashboard');
  const pending = (await pendingOf(root, 'demo_root')).total;
  await expect(feedbackButton(root)).toHaveAttribute('data-count', String(pending));
  await feedbackButton(root).click();
  await feedbackDrawer(root).getByTestId('feedback-search').fill(sent.iccid);
  await feedbackDrawer(root).getByTestId('feedback-search').press('Enter');
  await feedbackDrawer(root).getByTestId(`feedback-handle-${sent.id}`).click();
  await dialogSettled(root);
  // A reply is needed: the server's message, the dialog kept open.
  await root.getByTestId('feedback-handle-save').click();
  await expect(root.getByTestId('feedback-handle-dialog')).toContainText('Write a reply to the sender.');
  await root.getByTestId('feedback-handle-reply').fill('Renewed for 12 months, thank you.');
  await root.getByTestId('feedback-handle-save').click();
  await dialogClosed(root);
  await expect(root.locator('.ant-message')).toContainText('The feedback was handled; its sender is told.');
  await expect(feedbackDrawer(root).getByTestId(`feedback-status-${sent.id}`)).toHaveAttribute('data-status', 'done');
  await expect(feedbackButton(root)).toHaveAttribute('data-count', String(pending - 1));
  await screenshot(root, 'card-feedback-handled');
  await root.context().close();

  const user = await rolePage(browser, 'demo_end_user');
  await openShell(user, '/dashboard');
  await feedbackButton(user).click();
  await expect(feedbackDrawer(user).getByTestId(`feedback-reply-${sent.id}`)).toHaveText('Renewed for 12 months, thank you.');
  await user.keyboard.press('Escape');
  // The notification: kind "Renewal feedback answered", its status with the reply.
  await goInApp(user, '/msg/notification-list');
  const rows = shown(user, 'notifications-table').locator('.ant-table-row').filter({ hasText: sent.iccid });
  const row = rows.filter({ hasText: 'Renewal feedback answered' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Renewed for 12 months, thank you.');
  await screenshot(user, 'card-feedback-notification');
  await user.context().close();
});
