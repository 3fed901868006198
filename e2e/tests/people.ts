import type { Page } from '@playwright/test';
import { ownBox } from './boxes.js';
import { listLoaded, openShell, shown } from './fixtures.js';

/** A spec's own company under demo_manager: two screw compressors, and user names no other run has. */
export interface OwnCompany {
  company: string;
  /** The two boxes' ids. */
  first: number;
  second: number;
  /** A user name of this run, starting with `letter`. */
  username: (letter: string) => string;
}

/** Registers (before the spec's tests) two boxes of a company of the spec's own, with ids drawn from `rangeStart` on. */
export function ownCompany(rangeStart: number, label: string): OwnCompany {
  const base = rangeStart + Math.floor(Math.random() * 4_000_000) * 10;
  const company = `${label} ${base}`;
  ownBox(base + 1, company, 'screw-compressor', async () => {});
  ownBox(base + 2, company, 'screw-compressor', async () => {});
  return { company, first: base + 1, second: base + 2, username: (letter) => `${letter}${String(base).slice(-8)}` };
}

/** The signed-in user's device list, searched for a company: the box ids it shows, sorted. */
export async function listedBoxes(page: Page, company: string): Promise<string[]> {
  await openShell(page, `/devices/devices-show?q=${encodeURIComponent(company)}`);
  await listLoaded(page);
  const devices = await shown(page, 'devices-table')
    .locator('tbody tr[data-device]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-device') ?? ''));
  return devices.map((d) => d.split('-')[0] ?? '').sort();
}
