import type { HelperType } from '@dms/contract';
import type { Translate } from '../../i18n/types';

/** A helper type's name in the user's language. */
export function helperTypeLabel(t: Translate, type: HelperType | null): string {
  return type ? t(`helpers.helperType.${type}`) : '-';
}

/** The helper pages' paths: the list the hidden pages are reached from, and the hidden pages. */
export const EDIT_HELPER_PATH = '/usermanager/edit-helper';
export const HELPER_DEVICE_PATH = '/usermanager/helper-device';
export const ADD_HELPER_PATH = '/usermanager/add-helper';
