import type { LocaleArea } from '@/i18n/types';

const settings: LocaleArea<'settings'> = {
  panel: {
    title: 'ページスタイル設定',
    reset: '既定に戻す',
  },
  themeColor: {
    label: 'テーマカラー',
  },
  tagsView: {
    label: 'タブを表示',
  },
  fixedHeader: {
    label: 'ヘッダーを固定',
  },
  sidebarLogo: {
    label: 'サイドバーのロゴ',
  },
};
export default settings;
