import type { Page } from '@playwright/test';
import { apiGet } from './boxes.js';
import { shown, tokenOf } from './fixtures.js';

/** What the qrManage specs read of a device (GET /devices). */
export interface DeviceRow {
  id: number;
  boxId: number;
  controller: number;
  typeId: number | null;
  owner: string;
  reach: { how: string };
}

/** A device of the CK group 1333: demo_manufacturer reaches it through its CK code (root sees every device). */
export async function ckDevice(page: Page): Promise<DeviceRow> {
  const { data } = await apiGet(page.request, tokenOf('demo_manufacturer'), '/devices?page_size=20');
  const device = (data as { items: DeviceRow[] }).items.find((d) => d.reach.how === 'ck');
  if (!device) throw new Error('demo_manufacturer reaches no device of its CK group');
  return device;
}

/** Chooses `device` in the calculation form's device search. */
export async function pickDevice(page: Page, device: DeviceRow): Promise<void> {
  await shown(page, 'qr-calc-device').click();
  await page.keyboard.type(String(device.boxId));
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${device.boxId}/${device.controller}( |$)`) })
    .first()
    .click();
}
