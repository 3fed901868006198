/** クラウドボックス：ボックスの故障記録の消去（/smartbox/box-clear-fault-record）。 */
export default {
  'validation.boxes.clearRange': '開始は終了より前にしてください。',
  'action.boxes.clearFaultRecords': 'ボックスの故障記録を消去',
  'boxes.clearConfirm': 'ボックス {boxId}：終了した故障記録 {count} 件を削除します。まだ続いている {kept} 件は残します。続行しますか？',
  'boxes.clearConfirmRange':
    'ボックス {boxId}：{from}～{to}（UTC）に始まった終了済みの故障記録 {count} 件を削除します。まだ続いている {kept} 件は残します。続行しますか？',
  'validation.ipLog.ip': 'IP は数字、ドット、コロンで検索します。',
  'ipLog.sheet': 'IP 変更',
  'ipLog.column.boxId': 'ボックスID',
  'ipLog.column.sourceIp': '変更元IP',
  'ipLog.column.destinationIp': '変更先IP',
  'ipLog.column.time': '日時',
};
