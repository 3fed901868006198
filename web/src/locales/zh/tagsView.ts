import type { LocaleArea } from '@/i18n/types';

const tagsView: LocaleArea<'tagsView'> = {
  menu: {
    refresh: '刷新',
    close: '关闭',
    closeOthers: '关闭其他',
    closeAll: '关闭所有',
  },
  tag: {
    close: '关闭{title}',
  },
  label: '已打开的页面',
};
export default tagsView;
