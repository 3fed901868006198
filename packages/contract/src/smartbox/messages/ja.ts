/** クラウドボックスへのコマンド（docs/box-protocol.md「Commands」）。 */
export default {
  'validation.smartbox.interval': '送信間隔は 1〜3600 秒です。',
  'validation.smartbox.deadband': 'デッドバンドは 0〜65535（生の値）です。',
  'validation.smartbox.registers': 'レジスタは 512 個まで（0〜65535）、それぞれ 1 回だけ指定してください。',
  'validation.smartbox.configEmpty': '間隔・デッドバンド・レジスタのうち少なくとも 1 つを変更してください。',
  'validation.smartbox.serverUrl': 'サーバーは mqtt://ホスト:ポート または mqtts://ホスト:ポート で入力してください。',
  'validation.smartbox.firmwareUrl': 'イメージは http:// または https:// でダウンロードできる必要があります。',
  'validation.smartbox.sha256': 'SHA-256 は小文字の 16 進数 64 桁です。',
  'validation.smartbox.noBoxes': 'ボックスを 1 つ以上選んでください。',
  'validation.smartbox.tooManyBoxes': '1 回の要求で指定できるボックスは 10,000 台までです。',
  'validation.smartbox.repeatedBox': '同じボックスは 1 回だけ指定してください。',
  'error.smartbox.unknownBoxes': '次のボックスは登録されていません: {boxes}。',
  'error.smartbox.notFound': 'そのコマンドはありません。',
  'error.smartbox.notCancellable': 'キャンセルできるのはボックスを待っているコマンドだけです。このコマンドは {state} です。',
  'action.smartbox.sendCommand': 'ボックスにコマンドを送信',
  'action.smartbox.cancelCommand': 'ボックスのコマンドをキャンセル',
  'action.smartbox.setUploadSettings': 'ボックスのデータ送信設定を変更',
};
