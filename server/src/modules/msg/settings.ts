import {
  NOTIFICATION_KINDS,
  notifyPrefs,
  notifySettings,
  type Language,
  type NotificationKind,
  type NotifyPrefs,
  type NotifySettings,
  type SmtpSecurity,
} from '@dms/contract';
import type { Db } from '../../db/database.js';

/** What a fresh install tells people, until root chooses (docs/notifications.md). */
export const DEFAULT_SETTINGS: NotifySettings = {
  defaults: { kinds: [...NOTIFICATION_KINDS], browser: true, email: false, quietHours: null, faultBreaksQuiet: true },
  repeatMinutes: 15,
  flapThreshold: 4,
  flapWindowMinutes: 10,
};

/** The SMTP server e-mail goes through, password included (never answered by a call). */
export interface SmtpConfig {
  host: string;
  port: number;
  security: SmtpSecurity;
  user: string;
  password: string;
  from: string;
}

/** SMTP_URL (`smtp://user:pass@host:587`, `smtps://…` for TLS; `?starttls=1` to require STARTTLS) as settings. */
export function smtpFromUrl(url: string | undefined, from: string | undefined): SmtpConfig | null {
  if (!url) return null;
  const u = new URL(url);
  const tls = u.protocol === 'smtps:';
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : tls ? 465 : 587,
    security: tls ? 'tls' : u.searchParams.get('starttls') === '1' ? 'starttls' : 'none',
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    from: from ?? '',
  };
}

/**
 * Root's settings of notifications (`notify_settings`: the defaults and pace, the SMTP server) and the users' own
 * preferences (`notify_prefs`), read through a cache that a change on any path drops (`forget`).
 */
export class NotifyStore {
  private settingsCache: NotifySettings | null = null;
  private smtpCache: { config: SmtpConfig | null; fromEnv: boolean } | null = null;
  private readonly prefsCache = new Map<number, NotifyPrefs | null>();

  constructor(
    private readonly db: Db,
    private readonly envSmtp: SmtpConfig | null,
  ) {}

  forget(): void {
    this.settingsCache = null;
    this.smtpCache = null;
    this.prefsCache.clear();
  }

  async settings(): Promise<NotifySettings> {
    if (this.settingsCache) return this.settingsCache;
    const row = await this.db.selectFrom('notify_settings').select('value').where('key', '=', 'settings').executeTakeFirst();
    const parsed = row ? notifySettings.safeParse(JSON.parse(row.value)) : null;
    this.settingsCache = parsed?.success ? parsed.data : DEFAULT_SETTINGS;
    return this.settingsCache;
  }

  async smtp(): Promise<{ config: SmtpConfig | null; fromEnv: boolean }> {
    if (this.smtpCache) return this.smtpCache;
    const row = await this.db.selectFrom('notify_settings').select('value').where('key', '=', 'smtp').executeTakeFirst();
    const saved = row ? (JSON.parse(row.value) as SmtpConfig) : null;
    // A saved server with no host is e-mail turned off; none saved, SMTP_URL's.
    this.smtpCache = saved
      ? { config: saved.host ? saved : null, fromEnv: false }
      : { config: this.envSmtp, fromEnv: this.envSmtp !== null };
    return this.smtpCache;
  }

  async saveSetting(key: 'settings' | 'smtp', value: unknown, by: string, now: number): Promise<void> {
    const text = JSON.stringify(value);
    await this.db
      .insertInto('notify_settings')
      .values({ key, value: text, updated_at: now, updated_by: by })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: text, updated_at: now, updated_by: by }))
      .execute();
    this.forget();
  }

  /** A user's own preferences, or null when they follow root's defaults. */
  async ownPrefs(userId: number): Promise<NotifyPrefs | null> {
    if (this.prefsCache.has(userId)) return this.prefsCache.get(userId) ?? null;
    const row = await this.db.selectFrom('notify_prefs').select('prefs').where('user_id', '=', userId).executeTakeFirst();
    const parsed = row ? notifyPrefs.safeParse(JSON.parse(row.prefs)) : null;
    const prefs = parsed?.success ? parsed.data : null;
    if (this.prefsCache.size > 50_000) this.prefsCache.clear();
    this.prefsCache.set(userId, prefs);
    return prefs;
  }

  /** What a user is told and how: their own choices, or the defaults (e-mail off without an address). */
  async effective(userId: number, fallbackLanguage: Language = 'en'): Promise<NotifyPrefs> {
    const own = await this.ownPrefs(userId);
    if (own) return own;
    const { defaults } = await this.settings();
    return { ...defaults, email: false, emailAddress: '', language: fallbackLanguage, timeZone: 'UTC' };
  }
}

/** Whether `kind` is one a user chose. */
export function wants(prefs: Pick<NotifyPrefs, 'kinds'>, kind: NotificationKind): boolean {
  return prefs.kinds.includes(kind);
}

/** Minutes since midnight of `at` in the zone. */
function minuteOfDay(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const h = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const m = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return h * 60 + m;
}

/** Whether `at` falls in the user's quiet hours (over midnight when `to` is earlier than `from`). */
export function inQuietHours(prefs: Pick<NotifyPrefs, 'quietHours' | 'timeZone'>, at: number): boolean {
  const q = prefs.quietHours;
  if (!q) return false;
  const toMin = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
  const now = minuteOfDay(at, prefs.timeZone);
  const from = toMin(q.from);
  const to = toMin(q.to);
  return from < to ? now >= from && now < to : now >= from || now < to;
}
