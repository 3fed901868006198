import type { LocaleArea } from '@/i18n/types';

/** インテグレーター向け API キー（issue 27）：プロフィールの一覧、作成と失効。 */
const apiKeys: LocaleArea<'apiKeys'> = {
  title: 'API キー',
  hint: 'キーを使うと工場のシステム（MES、SCADA）があなたとして API を呼び出せます。選んだスコープだけです：Authorization: Bearer dms_… として送信します（API ドキュメント参照）。',
  column: {
    name: '名前',
    prefix: 'キー',
    scopes: 'スコープ',
    created: '作成',
    expires: '期限',
    lastUsed: '最終使用',
    lastAddress: '最終アドレス',
    state: '状態',
  },
  state: {
    active: '有効',
    expired: '期限切れ',
    revoked: '失効',
    userDisabled: '終了：アカウント無効化',
    passwordChanged: '終了：パスワード変更',
  },
  never: 'なし',
  revoke: '失効',
  revokeConfirm: 'キー「{name}」を失効させますか？このキーでの呼び出しはすぐに拒否されます。',
  revoked: 'キーを失効させました。',
  create: 'キーを作成',
  createTitle: 'API キーを作成',
  createOk: '作成',
  cancel: 'キャンセル',
  close: 'コピーしました',
  copyNow: 'このキーを今すぐコピーしてください。再表示されません。',
  name: '名前',
  namePlaceholder: '例：MES 2 号ライン',
  nameRule: 'キーに 1〜64 文字の名前を付けてください。',
  scopes: 'スコープ',
  scopesRule: 'スコープを 1 つ以上選んでください。',
  scope: {
    devices_read: '機器とその値、履歴、エクスポート',
    devices_write: '権限内でのレジスタ書き込み',
    events_read: '故障記録とルールイベント',
  },
  expiry: '有効期間',
  days: '{count} 日',
  total: '{total} 個のキー',
};
export default apiKeys;
