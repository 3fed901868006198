import type { LocaleArea } from '@/i18n/types';

const common: LocaleArea<'common'> = {
  app: {
    title: 'デバイス監視システム',
  },
  action: {
    ok: 'OK',
    cancel: 'キャンセル',
    back: '戻る',
    backHome: 'ダッシュボードに戻る',
    refresh: '更新',
    apply: '適用',
    chooseFile: 'ファイルを選択',
  },
  state: {
    loading: '読み込み中…',
    loadingUser: 'アカウントを読み込んでいます…',
    hasError: 'エラーが発生しました',
  },
  request: {
    timeout: 'サーバーが時間内に応答しませんでした。もう一度お試しください。',
    network: 'サーバーに接続できませんでした。接続を確認してもう一度お試しください。',
    badResponse: 'サーバーからコンソールが解釈できない応答が返されました（HTTP {status}）。',
  },
  loggedOut: {
    title: 'ログアウトの確認',
    content: 'ログアウトされました。キャンセルしてこのページに留まるか、再度ログインしてください',
    relogin: '再ログイン',
    cancel: 'キャンセル',
  },
  warning: {
    title: '警告',
  },
  document: {
    inUse: '使用中（v{version}）',
    version: 'バージョン {version}',
    language: '言語',
    print: '印刷',
    versionPick: 'バリアント',
  },
  list: {
    andMore: 'ほか {count} 件',
  },
};
export default common;
