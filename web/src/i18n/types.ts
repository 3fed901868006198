import type en from '../locales/en';

/** The same shape as T with every leaf a string: what another language must provide. */
export type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/** Every console string, in the shape English gives. zh, es and ja are typed against it. */
export type Translations = DeepStrings<typeof en>;

/** One area of the translations, e.g. `LocaleArea<'navbar'>` for `locales/<lang>/navbar.ts`. */
export type LocaleArea<A extends keyof Translations> = Translations[A];

type Leaves<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Leaves<T[K]>}`;
}[keyof T & string];

/** A key of one console string: `area.component.element`. */
export type TKey = Leaves<Translations>;

export type TParams = Readonly<Record<string, string | number>>;
export type Translate = (key: TKey, params?: TParams) => string;
