import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@dms/contract';
import type { Translate } from '@/i18n';

/** The body's fields the form shows (a problem at another path is said above the buttons). */
export const FIELDS = /^(name|typeId|deviceIds|cks|condition|clear|hysteresis|durationS|debounceS|severity|text|enabled)(\.|$)/;

/** The label of the field at a body path, for the messages that name it. */
export function labelOf(t: Translate, path: string): string {
  const segments = path.split('.');
  const last = segments[segments.length - 1] ?? '';
  if (segments[0] === 'text' && (LANGUAGES as readonly string[]).includes(last)) {
    return t('events.form.textIn', { language: LANGUAGE_NAMES[last as Language] });
  }
  switch (last) {
    case 'name':
      return t('events.form.name');
    case 'typeId':
      return t('events.form.type');
    case 'register':
      return t('events.form.register');
    case 'value':
      return t('events.form.value');
    case 'low':
      return t('events.form.low');
    case 'high':
      return t('events.form.high');
    case 'amount':
      return t('events.form.amount');
    case 'windowS':
      return t('events.form.window');
    case 'minutes':
      return t('events.form.minutes');
    case 'hysteresis':
      return t('events.form.hysteresis');
    case 'durationS':
      return t('events.form.duration');
    case 'debounceS':
      return t('events.form.debounce');
    default:
      return segments[0] === 'deviceIds'
        ? t('events.form.devices')
        : segments[0] === 'cks'
          ? t('events.form.cks')
          : t('events.form.condition');
  }
}
