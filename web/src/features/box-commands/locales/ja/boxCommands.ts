/** クラウドボックスへのコマンド（docs/box-protocol.md「Commands」）：状態と失敗の理由。 */
export default {
  state: {
    queued: 'ボックス待ち',
    sent: '送信済み',
    accepted: '受理',
    downloading: 'ダウンロード中',
    verifying: '検証中',
    updating: '更新中',
    done: '完了',
    failed: '失敗',
    timeout: '応答なし',
    expired: '期限切れ',
    cancelled: 'キャンセル',
  },
  reason: {
    'bad-args': 'ボックスが設定を拒否しました',
    unsupported: 'ボックスはこのコマンドに対応していません',
    expired: 'ボックスを待つ時間が長すぎました',
    busy: 'ボックスは別のコマンドを実行中でした',
    'download-failed': 'ダウンロードに失敗しました',
    'size-mismatch': 'イメージのサイズが違います',
    'checksum-mismatch': 'イメージの SHA-256 検証に失敗しました',
    'install-failed': 'インストールに失敗しました',
    unreachable: '新しいサーバーに接続できませんでした',
  },
};
