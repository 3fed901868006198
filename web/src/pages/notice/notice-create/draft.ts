import {
  announcementBody,
  LANGUAGES,
  type AnnouncementBody,
  type AnnouncementDetail,
  type AnnouncementPin,
  type AnnouncementText,
  type AnnouncementTexts,
  type AnnouncementType,
  type AudienceDevice,
  type AudienceUser,
  type Language,
} from '@dms/contract';
import { problemsOf, type Problem } from '@/components/forms/issues';

/** The announcement form as typed: every language's title and text (empty ones are not sent), and the chosen audience named. */
export interface AnnouncementDraft {
  type: AnnouncementType;
  pin: AnnouncementPin;
  expiresAt: number | null;
  texts: Record<Language, AnnouncementText>;
  devices: AudienceDevice[];
  users: AudienceUser[];
}

const EMPTY_TEXT: AnnouncementText = { title: '', body: '' };

export function newDraft(): AnnouncementDraft {
  return {
    type: 'all',
    pin: 'none',
    expiresAt: null,
    texts: { en: EMPTY_TEXT, zh: EMPTY_TEXT, es: EMPTY_TEXT, ja: EMPTY_TEXT },
    devices: [],
    users: [],
  };
}

/** A saved announcement as the form edits it. */
export function draftOf(a: AnnouncementDetail): AnnouncementDraft {
  const texts = newDraft().texts;
  for (const l of LANGUAGES) texts[l] = a.texts[l] ?? EMPTY_TEXT;
  return { type: a.type, pin: a.pin, expiresAt: a.expiresAt, texts, devices: a.devices, users: a.users };
}

/** Whether a language's text was written at all (a title or a text). */
export const written = (text: AnnouncementText) => text.title.trim() !== '' || text.body.trim() !== '';

/** What the form sends: only the languages written, and only the audience its type uses. */
export function bodyOf(d: AnnouncementDraft): AnnouncementBody {
  const texts: AnnouncementTexts = {};
  for (const l of LANGUAGES) if (written(d.texts[l])) texts[l] = d.texts[l];
  return {
    type: d.type,
    pin: d.pin,
    expiresAt: d.expiresAt,
    texts,
    deviceIds: d.type === 'device' ? d.devices.map((x) => x.id) : [],
    userIds: d.type === 'personal' ? d.users.map((x) => x.id) : [],
  };
}

/** The draft checked by the contract's schema, as the server will: the body, or the problems at their paths. */
export function checkDraft(d: AnnouncementDraft): { ok: true; body: AnnouncementBody } | { ok: false; problems: Problem[] } {
  const parsed = announcementBody.safeParse(bodyOf(d));
  return parsed.success ? { ok: true, body: bodyOf(d) } : { ok: false, problems: problemsOf(parsed.error) };
}

/** The people a hand-off names: `<id>:<username>` pairs, commas between; anything else is left out. */
export function handedUsers(param: string | null): AudienceUser[] {
  return (param ?? '').split(',').flatMap((pair) => {
    const m = /^(\d{1,10}):([A-Za-z0-9_]{1,64})$/.exec(pair);
    return m ? [{ id: Number(m[1]), username: m[2] ?? '' }] : [];
  });
}
