/**
 * The device list's columns: every spec 3 field can be shown; which ones is the user's choice, remembered in this
 * browser (localStorage). The device's status and its address (box id · controller) are always shown.
 */
export const OPTIONAL_COLUMNS = [
  'reach',
  'company',
  'stationNo',
  'model',
  'type',
  'runStatus',
  'owner',
  'remark',
  'iotModule',
  'iotModel',
  'iotCard',
  'installDate',
  'expiryDate',
  'location',
  'province',
  'city',
  'area',
  'street',
  'contact',
  'phone',
  'lastSeen',
] as const;
export type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number];

/** Shown until the user chooses: how they reach the device first; last seen is one click away (the list fits 1440 px). */
export const DEFAULT_COLUMNS: readonly OptionalColumn[] = ['reach', 'company', 'stationNo', 'model', 'type', 'location'];

export const COLUMNS_STORAGE_KEY = 'dms.devices.columns';

/** The stored choice, keeping only known columns in the list's order; the default when nothing valid is stored. */
export function readColumns(stored: string | null): OptionalColumn[] {
  if (!stored) return [...DEFAULT_COLUMNS];
  try {
    const parsed: unknown = JSON.parse(stored);
    if (!Array.isArray(parsed)) return [...DEFAULT_COLUMNS];
    const chosen = new Set(parsed.filter((c): c is string => typeof c === 'string'));
    return OPTIONAL_COLUMNS.filter((c) => chosen.has(c));
  } catch {
    return [...DEFAULT_COLUMNS];
  }
}

export function loadColumns(): OptionalColumn[] {
  try {
    return readColumns(localStorage.getItem(COLUMNS_STORAGE_KEY));
  } catch {
    return [...DEFAULT_COLUMNS];
  }
}

export function saveColumns(columns: readonly OptionalColumn[]): void {
  try {
    localStorage.setItem(COLUMNS_STORAGE_KEY, JSON.stringify(columns));
  } catch {
    // Storage may be full or blocked; the choice then lasts for this page only.
  }
}
