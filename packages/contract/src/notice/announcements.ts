import { z } from 'zod';
import { pageOf, pageQuery } from '../envelope.js';
import { ruleDevice } from '../events/schemas.js';
import { LANGUAGES, type Language, languageSchema } from '../i18n.js';
import { trimmedText } from '../validation.js';

/**
 * Announcements (spec 3 "Announcement"; issue 22; docs/notifications.md "Announcements"): root's text to the users of
 * chosen devices, to chosen people, or to everyone, pinned to the top or above it ("super top"), until it expires.
 */

/** To whom: the users who reach chosen devices, chosen people, or everyone the console's messages serve. */
export const ANNOUNCEMENT_TYPES = ['device', 'personal', 'all'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];
/** Where it stands in the list: super top above top above the rest; a new super-top one is also a banner until read. */
export const ANNOUNCEMENT_PINS = ['none', 'top', 'super_top'] as const;
export type AnnouncementPin = (typeof ANNOUNCEMENT_PINS)[number];
/** Published (its audience sees it), withdrawn by root (nobody does), or past its expiry (nobody does). */
export const ANNOUNCEMENT_STATES = ['published', 'withdrawn', 'expired'] as const;
export type AnnouncementState = (typeof ANNOUNCEMENT_STATES)[number];

/** At most this many devices or people in one announcement's audience. */
export const ANNOUNCEMENT_TARGETS_MAX = 500;
export const ANNOUNCEMENT_TITLE_MAX = 120;
export const ANNOUNCEMENT_BODY_MAX = 5000;

/** One language's text: a title, and a body in simple formatting (Markdown: emphasis, lists, links; no HTML). */
export const announcementText = z.object({
  title: trimmedText(ANNOUNCEMENT_TITLE_MAX).min(1, 'validation.announcement.title'),
  body: trimmedText(ANNOUNCEMENT_BODY_MAX),
});
export type AnnouncementText = z.infer<typeof announcementText>;
/** The text in one or several languages; a reader gets theirs, else the first there is (en, zh, es, ja). */
export const announcementTexts = z
  .partialRecord(languageSchema, announcementText)
  .refine((texts) => LANGUAGES.some((l) => texts[l] !== undefined), 'validation.announcement.text');
export type AnnouncementTexts = z.infer<typeof announcementTexts>;

const ids = z.array(z.number().int().positive()).max(ANNOUNCEMENT_TARGETS_MAX, 'validation.announcement.targets');

/** What root writes: the audience, the pin, the expiry (null: never) and the text. */
export const announcementBody = z
  .object({
    type: z.enum(ANNOUNCEMENT_TYPES),
    pin: z.enum(ANNOUNCEMENT_PINS),
    expiresAt: z.number().int().positive().nullable(),
    texts: announcementTexts,
    /** The devices whose users it is for (type device). */
    deviceIds: ids.default([]),
    /** The people it is for (type personal). */
    userIds: ids.default([]),
  })
  .refine((b) => b.type !== 'device' || b.deviceIds.length > 0, { message: 'validation.announcement.devices', path: ['deviceIds'] })
  .refine((b) => b.type !== 'personal' || b.userIds.length > 0, { message: 'validation.announcement.users', path: ['userIds'] });
export type AnnouncementBody = z.input<typeof announcementBody>;

/** The text a reader in `lang` gets: theirs, else the first of en, zh, es, ja that there is. */
export function textFor(texts: AnnouncementTexts, lang: Language): { language: Language; text: AnnouncementText } {
  for (const language of [lang, ...LANGUAGES]) {
    const text = texts[language];
    if (text) return { language, text };
  }
  throw new Error('an announcement without text');
}

/** One announcement in root's list. */
export const announcementRow = z.object({
  id: z.number().int(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  pin: z.enum(ANNOUNCEMENT_PINS),
  state: z.enum(ANNOUNCEMENT_STATES),
  /** The title in the reader's language (or the first there is), and the languages it is written in. */
  title: z.string(),
  languages: z.array(languageSchema),
  expiresAt: z.number().int().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  author: z.string(),
  /** The devices or people chosen (type device or personal). */
  targets: z.number().int(),
  /** How many people it is for now, and how many of them read it. */
  reached: z.number().int(),
  read: z.number().int(),
});
export type AnnouncementRow = z.infer<typeof announcementRow>;
export const announcementPage = pageOf(announcementRow);

export const announcementFilter = z.object({
  type: z.enum(ANNOUNCEMENT_TYPES).optional(),
  state: z.enum(ANNOUNCEMENT_STATES).optional(),
  /** Words of a title or text, in any of its languages. */
  q: trimmedText(64).optional(),
});
export const announcementListQuery = pageQuery.extend(announcementFilter.shape);
export type AnnouncementListQuery = Partial<z.output<typeof announcementListQuery>>;
export const announcementParams = z.object({ id: z.coerce.number().int().positive() });

/** A device or a person as the audience pickers name them. */
/** A device as the selects name it (the rules' devices' shape: box/controller and company). */
export const audienceDevice = ruleDevice;
export type AudienceDevice = z.infer<typeof audienceDevice>;
export const audienceUser = z.object({ id: z.number().int(), username: z.string() });
export type AudienceUser = z.infer<typeof audienceUser>;
export const audienceQuery = z.object({ q: trimmedText(64).optional() });

/** One announcement as root edits it: what was written, with the chosen devices and people named. */
export const announcementDetail = z.object({
  id: z.number().int(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  pin: z.enum(ANNOUNCEMENT_PINS),
  state: z.enum(ANNOUNCEMENT_STATES),
  expiresAt: z.number().int().nullable(),
  texts: announcementTexts,
  devices: z.array(audienceDevice),
  users: z.array(audienceUser),
  reached: z.number().int(),
  read: z.number().int(),
});
export type AnnouncementDetail = z.infer<typeof announcementDetail>;

/** One announcement as its reader sees it (/msg/announcement-list), in their language. */
export const myAnnouncement = z.object({
  id: z.number().int(),
  pin: z.enum(ANNOUNCEMENT_PINS),
  language: languageSchema,
  title: z.string(),
  body: z.string(),
  createdAt: z.number().int(),
  expiresAt: z.number().int().nullable(),
  readAt: z.number().int().nullable(),
});
export type MyAnnouncement = z.infer<typeof myAnnouncement>;
export const myAnnouncementPage = pageOf(myAnnouncement);
export const myAnnouncementQuery = pageQuery.extend({ read: z.enum(['read', 'unread']).optional() });
/** The banner: the newest super-top announcement the user has not read, if any. */
export const announcementBanner = z.object({ announcement: myAnnouncement.nullable() });
