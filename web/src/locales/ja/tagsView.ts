import type { LocaleArea } from '@/i18n/types';

const tagsView: LocaleArea<'tagsView'> = {
  menu: {
    refresh: '更新',
    close: '閉じる',
    closeOthers: 'ほかを閉じる',
    closeAll: 'すべて閉じる',
  },
  tag: {
    close: '{title}を閉じる',
  },
  label: '開いているページ',
};
export default tagsView;
