import type { APIRequestContext, Page } from '@playwright/test';
import { registerBoxes } from './boxes.js';
import { expect } from './fixtures.js';

/**
 * Box registration's helpers (box-reg-*.spec.ts and the language sweep): every test registers its own random range
 * of box ids (7,000,000 and up), so reruns against the same server and parallel workers never collide.
 */

/** A fresh range start; ranges of different tests are at least 100 ids apart. */
export function freshBoxId(): number {
  return 7_000_000 + Math.floor(Math.random() * 20_000_000) * 100;
}

/** Registers boxes to demo_manager through the API (for tests about something else than the form). */
export function registerByApi(request: APIRequestContext, start: number, end: number): Promise<unknown> {
  return registerBoxes(request, 'demo_manager', start, end, { boxType: 'E2E-GW', companyName: 'E2E Company', contact: 'e2e@example.com' });
}

/** Picks a user in the form's searchable user select. */
export async function pickUser(page: Page, username: string): Promise<void> {
  await page.getByTestId('box-reg-form-user').click();
  await page.keyboard.type(username);
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.locator(`[data-username="${username}"]`)).toBeVisible();
  await options.locator(`[data-username="${username}"]`).click();
  await expect(page.getByTestId('box-reg-form-user')).toContainText(username);
}

/** The shown table's header texts (column groups and columns). */
export async function headerTexts(page: Page): Promise<string[]> {
  const texts = await page.locator('.dms-page:not([hidden])').getByTestId('box-reg-table').locator('thead th').allInnerTexts();
  return texts.map((s) => s.trim()).filter(Boolean);
}

export const ENGLISH_HEADERS = [
  'Box ID',
  'Owner',
  'Box type',
  'Company name',
  'Contact',
  'Push times',
  'Warning',
  'Fault',
  'Normal',
  'Connection',
  'Last seen',
  'IP address',
  'Devices',
  'Registered at',
  'Registered by',
];
