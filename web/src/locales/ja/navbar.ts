import type { LocaleArea } from '@/i18n/types';

const navbar: LocaleArea<'navbar'> = {
  hamburger: {
    toggle: 'メニューの表示・非表示',
  },
  breadcrumb: {
    label: '現在の位置',
  },
  search: {
    placeholder: 'ページを検索',
    noMatch: '一致するページはありません',
  },
  fullscreen: {
    enter: '全画面表示',
    exit: '全画面表示を終了',
    unsupported: 'お使いのブラウザは全画面表示に対応していません',
  },
  size: {
    label: '表示サイズ',
    default: 'デフォルト',
    medium: '中',
    small: '小',
    mini: 'ミニ',
    success: 'サイズを切り替えました',
  },
  language: {
    label: '言語',
    success: '言語を切り替えました',
  },
  settings: {
    open: 'レイアウト設定',
  },
  user: {
    menu: 'アカウントメニュー',
    dashboard: 'ダッシュボード',
    profile: 'プロフィール',
    logout: 'ログアウト',
  },
};
export default navbar;
