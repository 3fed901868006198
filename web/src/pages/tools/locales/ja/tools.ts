/** /tools：root のツール（キャッシュツール /tools/redis）。 */
export default {
  route: {
    group: 'ツール',
    redis: 'キャッシュ（Redis）',
    sessions: 'ログイン中のセッション',
  },
  redis: {
    memoryMode:
      'Redis が設定されていません（REDIS_URL）。このサーバーはこの状態を自身のメモリに保持しています。Redis と同じキー名で表示しますが、削除はできません。',
    server: {
      title: 'Redis サーバー',
      version: 'バージョン',
      memory: '使用メモリ',
      keys: 'データベースのキー数',
      uptime: '稼働時間',
      clients: '接続数',
      prefix: '本製品のキー接頭辞',
      channels: 'チャンネル（購読数）',
      noChannels: 'なし',
    },
    group: {
      login: 'サインイン保護',
      members: '稼働中のサーバー',
      export: 'エクスポートジョブ',
      'export-file': 'エクスポートファイル',
      values: '最新値',
    },
    groupHelp: {
      login:
        'アドレス上のユーザー名別、アドレス別、ユーザー名別のサインイン失敗。それぞれ保護が数える時間枠の間保持されます。キーを削除すると、そのアドレスやユーザー名はすぐに再試行できます。',
      members:
        '稼働中のサーバー。各サーバーは毎秒更新します。1回だけ行う処理（保持期間の整理、集計、セッションの整理）は担当サーバーで実行されます。ここでは削除しません。',
      export: 'エクスポートジョブとその進捗。ファイルがダウンロードされるか期限切れになるまで保持されます。',
      'export-file': 'ダウンロード待ちの完成したエクスポートファイル（1回のみ）。サイズと種類だけを表示します。',
      values: '各ボックスの最新値。応答したサーバーのメモリにある内容です（全サーバーが保持し、Redis には保存しません）。',
    },
    where: {
      redis: 'Redis 内',
      memory: 'このサーバーのメモリ内',
    },
    column: {
      key: 'キー',
      type: '型',
      ttl: '有効期限まで',
      size: 'サイズ',
    },
    never: 'なし',
    search: 'キー名の一部',
    total: '{total} 件のキー',
    capped: 'キーが {limit} 件を超えています。名前順に最初の {limit} 件のみ表示します。検索して絞り込んでください。',
    deleteKey: '削除',
    deleteListed: '表示中をすべて削除',
    deleted: '{count} 件のキーを削除しました。',
    empty: '現在キーはありません。',
    detail: {
      title: 'キー',
      group: 'グループ',
      entries: '{total} 件中 {shown} 件を表示',
      noEntries: '何も含まれていません。',
    },
    rows: {
      failures: { name: '試行', time: '日時' },
      members: { name: 'サーバー（* はこのサーバー）', text: '担当', time: '更新がなければ期限切れ' },
      fields: { name: '項目', text: '値' },
      file: { name: '項目', text: '値' },
      values: { name: 'コントローラー / レジスタ', text: '値', time: '日時' },
      raw: { name: '#', text: '値' },
    },
    file: {
      bytes: 'サイズ',
      kind: '種類',
    },
  },
};
