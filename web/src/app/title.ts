import { useEffect } from 'react';
import { t, type TKey } from '../i18n/index.js';

/** "{route title} - Device monitoring system" (spec 1), in the current language. */
export function pageTitle(key: TKey): string {
  return `${t(key)} - ${t('common.appTitle')}`;
}

export function usePageTitle(key: TKey | undefined): void {
  useEffect(() => {
    if (key) document.title = pageTitle(key);
  }, [key]);
}
