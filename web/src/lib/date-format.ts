import type { Language } from '@dms/contract';

/**
 * How the console shows a calendar date in each language (antd DatePicker's `format`; dayjs tokens). One format in
 * every language, the one the exports and the time pickers use, so a date reads the same on every screen and file.
 */
export const DATE_DISPLAY_FORMAT: Record<Language, string> = { en: 'YYYY-MM-DD', zh: 'YYYY-MM-DD', es: 'YYYY-MM-DD', ja: 'YYYY-MM-DD' };

/** The form the API takes a calendar date in. */
export const API_DATE_FORMAT = 'YYYY-MM-DD';
