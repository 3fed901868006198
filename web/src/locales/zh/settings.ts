import type { LocaleArea } from '@/i18n/types';

const settings: LocaleArea<'settings'> = {
  panel: {
    title: '系统布局配置',
    reset: '恢复默认',
  },
  themeColor: {
    label: '主题色',
  },
  tagsView: {
    label: '开启 Tags-View',
  },
  fixedHeader: {
    label: '固定 Header',
  },
  sidebarLogo: {
    label: '侧边栏 Logo',
  },
};
export default settings;
