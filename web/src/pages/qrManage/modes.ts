import type { PasswordMode } from '@dms/contract';
import type { TKey } from '@/i18n/types';

/** Each mode's words: what the password does to the controller. */
export const MODE_LABEL: Record<PasswordMode, TKey> = {
  'unlock-1d': 'qrManage.mode.unlock1d',
  'unlock-7d': 'qrManage.mode.unlock7d',
  'unlock-30d': 'qrManage.mode.unlock30d',
  permanent: 'qrManage.mode.permanent',
};
