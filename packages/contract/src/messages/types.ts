import type en from './en/index.js';

/** The English areas: the source of every key. */
type English = typeof en;

/** One area of the server messages, e.g. `'user'` for `messages/<lang>/user.ts`. */
export type MessageArea = keyof English;

/** What another language must give for one area: English's keys, no more, no fewer. */
export type AreaMessages<A extends MessageArea> = Record<keyof English[A], string>;

/** What another language must give: every area of English. */
export type LanguageMessages = { [A in MessageArea]: AreaMessages<A> };

/** The key of one server message, e.g. `error.forbidden`. */
export type MessageKey = { [A in MessageArea]: keyof English[A] }[MessageArea];
