import type { HelperType } from '@dms/contract';
import type { Translate } from '@/i18n/types';

/** A helper type's name in the user's language. */
export function helperTypeLabel(t: Translate, type: HelperType | null): string {
  return type ? t(`helpers.helperType.${type}`) : '-';
}
