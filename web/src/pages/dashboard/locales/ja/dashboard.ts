import type { LocaleArea } from '@/i18n/types';

const dashboard: LocaleArea<'dashboard'> = {
  welcome: {
    greeting: 'ようこそ、{name}さん',
    roles: 'ロール',
    level: 'ユーザーレベル',
    ck: 'CKコード',
    manager: '管理者アカウント',
    yes: 'はい',
    no: 'いいえ',
  },
  pages: {
    title: '利用できるページ',
    open: '開く',
  },
  page: {
    profile: 'アカウント情報とパスワード。',
    changePassword: 'ログインに使うパスワードを変更します。',
    operationLog: '誰が、いつ、どこから何をしたか。',
    serverLog: 'サーバーが記録したエラーと、コンソールから報告されたエラー。',
  },
  fleet: {
    title: 'あなたの機器',
    all: 'すべての機器',
    split: 'オンライン {online} · オフライン {offline}',
    onlineRate: 'オンライン率',
    boxes: 'オンラインのボックス',
    faultsToday: '本日の故障',
    alertsToday: '本日の警告',
    hours: '過去 24 時間',
    faults: '故障',
    alerts: '警告',
    wentOffline: 'オフライン化',
    cameOnline: 'オンライン化',
    feed: '状態の変化',
    feedEmpty: '状態の変化はまだありません。',
    map: 'マップ',
    largeScreen: '大画面',
    loadFailed: '機器の統計を読み込めませんでした。',
    retry: '再試行',
    updated: '{time} 更新',
    noDevices: '機器はまだありません。クラウドボックスが報告すると表示されます。',
  },
};
export default dashboard;
