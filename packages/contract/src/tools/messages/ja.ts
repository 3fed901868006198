import type { AreaMessages } from '../../messages/types.js';

/** /tools/redis：キャッシュツール（root）。 */
const tools: AreaMessages<'tools'> = {
  'action.tools.redisRead': 'キャッシュキーの参照',
  'action.tools.redisDelete': 'キャッシュキーの削除',
  'validation.tools.key': '本製品のキーを指定してください：members、または login:、export:、export-file:、values: で始まるキーです。',
  'validation.tools.search': '検索は200文字以内で入力してください。',
  'tools.deleteKeyConfirm': 'キー {key} を削除します。元に戻せません。続行しますか？',
  'tools.deleteGroupConfirm': '{pattern} 配下の {count} 件のキーを削除します。元に戻せません。続行しますか？',
  'tools.deleteSearchConfirm': '{pattern} 配下で名前に「{q}」を含む {count} 件のキーを削除します。元に戻せません。続行しますか？',
  'error.tools.readOnly': 'Redis（REDIS_URL）がない場合、このサーバーは状態を自身のメモリに保持し、キャッシュツールは表示のみ行います。',
  'error.tools.membersKept': '稼働中のサーバーが {key} を毎秒書き直すため、ここでは削除しません。',
  'error.tools.valuesKept': '最新値は各サーバーのメモリにあり、Redis にはありません。削除するものはありません。',
  'error.tools.keyGone': 'キー {key} はもうありません。期限切れか削除済みです。',
  'error.tools.nothingToDelete': '一致するキーがないため、何も削除していません。',
  'error.tools.redisAway': 'Redis が現在応答しません。しばらくしてから再試行してください。',
};
export default tools;
