/** /device-type/chart：各コントローラ種別のデバイスが表示するグラフ（issue 20）。 */
export default {
  type: 'コントローラ種別',
  devices: 'デバイス',
  saved: '{code} のグラフを保存しました。',
  maglevOnly: '磁気浮上ブロワの種別専用です。',
  reserved: 'グラフ管理で追加されます：ゲージ、積み上げ値、運転・停止時間。',
  soon: '予定',
  help: 'デバイスのページと履歴ページは、その種別が表示するグラフへリンクします。スイッチはすぐに保存されます。',
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
