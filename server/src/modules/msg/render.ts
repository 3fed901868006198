import {
  CARD_REMINDERS,
  cardFacts,
  fillTemplate,
  message,
  STATUS_NAMES,
  type CardFacts,
  type Language,
  type MessageKey,
  type NotificationKind,
  type TemplatePlaceholder,
} from '@dms/contract';
import type { Db } from '../../db/database.js';

/** What a message tells of one notification, before it is put in words. */
export interface NotificationFacts {
  kind: NotificationKind;
  status: string;
  boxId: number;
  controller: number;
  company: string;
  rule: string | null;
  time: number;
  changes: number;
  /** The device page's path (`/devices/controller/1001/1`). */
  path: string;
  /** The card, for the card kinds. */
  card: CardFacts | null;
}

/** The card facts a notification of a card kind keeps (`notifications.note`); null for the others. */
export function cardFactsOf(note: string | null): CardFacts | null {
  if (note === null) return null;
  try {
    const parsed = cardFacts.safeParse(JSON.parse(note));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A status, a rule event's phase, a card's reminder or feedback's answer in words. */
function statusWords(kind: NotificationKind, status: string, lang: Language): string {
  if (kind === 'card' && Object.hasOwn(CARD_REMINDERS, status)) return message(lang, `notify.card.${status}` as MessageKey);
  if (kind === 'feedback' && (status === 'done' || status === 'declined')) return message(lang, `notify.feedback.${status}`);
  if (status === 'started' || status === 'ended') return message(lang, `notify.phase.${status}`);
  return (STATUS_NAMES[lang] as Partial<Record<string, string>>)[status] ?? status;
}

/** The placeholders' values of one notification in a language, its time in the zone. */
export function placeholderValues(
  f: NotificationFacts,
  lang: Language,
  timeZone: string,
  publicUrl: string,
): Record<TemplatePlaceholder, string> {
  const time = new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : lang, {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'medium',
  }).format(f.time);
  return {
    device: message(lang, 'notify.device', { box: f.boxId, controller: f.controller }),
    box: String(f.boxId),
    controller: String(f.controller),
    company: f.company,
    status: statusWords(f.kind, f.status, lang),
    time: `${time} (${timeZone})`,
    kind: message(lang, `notify.kind.${f.kind}` as MessageKey),
    rule: f.rule ?? '',
    changes: String(f.changes),
    link: `${publicUrl}${f.path}`,
    iccid: f.card?.iccid ?? '',
    expires: f.card?.expiresOn ?? '',
    reply: f.card?.reply ?? '',
  };
}

/** A template's subject and text. */
export interface TemplateText {
  subject: string;
  body: string;
}

/** The product's text of a kind in a language. */
export function defaultTemplate(kind: NotificationKind, lang: Language): TemplateText {
  return {
    subject: message(lang, `notify.template.${kind}.subject` as MessageKey),
    body: message(lang, `notify.template.${kind}.body` as MessageKey),
  };
}

/**
 * The message templates (`notify_templates`, root's texts per kind and language; the product's where none is saved),
 * read once and again after a change (`forget`).
 */
export class Templates {
  private cache: Map<string, TemplateText> | null = null;

  constructor(private readonly db: Db) {}

  forget(): void {
    this.cache = null;
  }

  async custom(): Promise<Map<string, TemplateText>> {
    if (!this.cache) {
      const rows = await this.db.selectFrom('notify_templates').select(['kind', 'language', 'subject', 'body']).execute();
      this.cache = new Map(rows.map((r) => [`${r.kind}/${r.language}`, { subject: r.subject, body: r.body }]));
    }
    return this.cache;
  }

  /** What each kind and language reads now, to render with inside a transaction (no query then). */
  async lookup(): Promise<TemplateLookup> {
    const custom = await this.custom();
    return (kind, lang) => custom.get(`${kind}/${lang}`) ?? defaultTemplate(kind, lang);
  }
}

export type TemplateLookup = (kind: NotificationKind, lang: Language) => TemplateText;

/** One notification as a message in a language and zone, in the template given. */
export function render(f: NotificationFacts, t: TemplateText, lang: Language, timeZone: string, publicUrl: string): TemplateText {
  const values = placeholderValues(f, lang, timeZone, publicUrl);
  const flapping = f.changes > 1 ? `\n\n${message(lang, 'notify.flapping', { changes: f.changes, time: values.time })}` : '';
  return { subject: fillTemplate(t.subject, values), body: fillTemplate(t.body, values) + flapping };
}
