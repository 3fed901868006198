/** /device-type/chart：各コントローラ種別のデバイスが表示するグラフ（issue 20）。 */
export default {
  type: 'コントローラ種別',
  devices: 'デバイス',
  saved: '{code} のグラフを保存しました。',
  maglevOnly: '磁気浮上ブロワの種別専用です。',
  definitions: 'チャート管理',
  definitionsHelp: '機器ページに表示するゲージ、積み上げ、稼働停止チャート（チャート管理）を、この順に。',
  definitionsNone: 'なし',
  help: 'デバイスのページと履歴ページは、その種別が表示するグラフへリンクします。ページにはここで選んだチャート管理のチャートを描きます。変更はすぐに保存されます。',
  kinds: {
    'history-curves': '履歴曲線',
    kline: 'ローソク足',
    'maglev-charts': '磁気浮上グラフ',
    'maglev-region': '運転領域',
    gauge: 'ゲージ',
    stacked: '積み上げ',
    'stop-status': '停止状態',
  },
};
