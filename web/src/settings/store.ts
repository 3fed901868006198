import { z } from 'zod';
import { createStore, useStore } from '../lib/store';
import { DEFAULT_SETTINGS, type SettingKey, type Settings } from './defaults';

const STORAGE_KEY = 'dms.settings';

/** How each stored setting is checked; a value that fails falls back to its default. */
const SETTING_SCHEMAS: { [K in SettingKey]: z.ZodType<Settings[K]> } = {
  themeColor: z.string().regex(/^#[0-9a-f]{6}$/i),
  tagsView: z.boolean(),
  fixedHeader: z.boolean(),
  sidebarLogo: z.boolean(),
};

function pick<K extends SettingKey>(stored: Record<string, unknown>, key: K): Settings[K] {
  const parsed = SETTING_SCHEMAS[key].safeParse(stored[key]);
  return parsed.success ? parsed.data : DEFAULT_SETTINGS[key];
}

/** The stored settings over the defaults; anything unreadable falls back to its default. */
export function readSettings(raw: string | null): Settings {
  let json: unknown;
  try {
    json = raw ? JSON.parse(raw) : null;
  } catch {
    json = null;
  }
  const stored = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
  return {
    themeColor: pick(stored, 'themeColor'),
    tagsView: pick(stored, 'tagsView'),
    fixedHeader: pick(stored, 'fixedHeader'),
    sidebarLogo: pick(stored, 'sidebarLogo'),
  };
}

function load(): Settings {
  try {
    return readSettings(localStorage.getItem(STORAGE_KEY));
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

export const settingsStore = createStore<Settings>(load());

/** The one way to change a setting: updates the state and stores it. */
export function setSetting<K extends SettingKey>(key: K, value: Settings[K]): void {
  settingsStore.set((prev) => ({ ...prev, [key]: value }));
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(settingsStore.get()));
  } catch {
    // Storage full or disabled: the setting holds until the page is closed.
  }
}

export function resetSettings(): void {
  for (const key of Object.keys(DEFAULT_SETTINGS) as SettingKey[]) setSetting(key, DEFAULT_SETTINGS[key]);
}

export function useSetting<K extends SettingKey>(key: K): Settings[K] {
  return useStore(settingsStore, (s) => s[key]);
}
