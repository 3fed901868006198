import type { LocaleArea } from '@/i18n/types';

/** The fleet at a glance: map monitoring and the large screen (the dashboard figures are in dashboard.ts). */
const fleet: LocaleArea<'fleet'> = {
  route: {
    map: 'マップ監視',
    largeScreen: '大画面',
  },
  filter: {
    label: '状態',
    all: 'すべて',
  },
  map: {
    onMap: 'マップ上の機器 {count} 台',
    noPosition: '位置情報なし {count} 台',
    noPositionLink: '一覧で表示',
    fit: '全機器に合わせる',
    largeScreen: '大画面',
    loading: 'マップを読み込み中…',
    loadFailed: 'マップを読み込めませんでした。',
    retry: '再試行',
    empty: '位置情報のある機器がありません。',
    cluster: 'ここに {count} 台、最も深刻：{status}',
    clusterZoom: '拡大',
    mapLabel: '機器の世界地図',
  },
  popup: {
    device: '機器 {boxId}-{controller}',
    box: 'ボックス',
    controller: 'コントローラ',
    company: '所属会社',
    model: '型式',
    status: '状態',
    location: '所在地',
    open: '機器を開く',
    close: '閉じる',
    devicesHere: 'この場所に {count} 台',
    placedAt: '座標なし：{place}の中心に表示',
  },
  live: {
    live: 'ライブ',
    connecting: '接続中…',
    offline: '再接続中…',
    idle: 'ライブ停止',
  },
  screen: {
    title: '機器監視：全体概況',
    devices: '機器',
    onlineRate: 'オンライン率',
    faultsToday: '本日の故障',
    alertsToday: '本日の警告',
    boxes: 'オンラインのボックス',
    feed: '故障と警告',
    feedEmpty: '最近の故障・警告はありません。',
    faultyModels: '故障の多い型式（30 日間）',
    faultyEmpty: '過去 30 日間の故障記録はありません。',
    faults: '故障',
    back: 'コンソールに戻る',
    updated: '{time} 更新',
    loadFailed: '数値を読み込めませんでした。再試行しています。',
  },
};
export default fleet;
