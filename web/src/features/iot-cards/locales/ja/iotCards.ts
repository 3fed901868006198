import type { LocaleArea } from '@/i18n/types';

/** IoT カード（issue 22）：トップバーの期限切れデバイス一覧と、root・limited_admin のカード記録。 */
const iotCards: LocaleArea<'iotCards'> = {
  badge: '今月期限の IoT カード',
  title: '期限が近い IoT カード',
  month: { this_month: '今月', next_month: '来月', expired: '期限切れ' },
  search: 'ボックス番号、ICCID、会社、通信事業者',
  column: {
    box: 'ボックス',
    devices: 'デバイス',
    company: '会社',
    iccid: 'ICCID（カード番号）',
    provider: '通信事業者',
    expiry: '有効期限',
    daysLeft: '残り日数',
    actions: '操作',
  },
  daysLeft: '{days, plural, other {# 日}}',
  today: '今日',
  daysAgo: '{days, plural, other {# 日前}}',
  total: '{total, plural, other {# 枚}}',
  notSet: '未設定',
  edit: '期限を設定',
  save: '保存',
  saved: 'カードを保存しました。',
  import: 'インポート',
  importTitle: 'IoT カードをインポート',
  importHelp:
    'ICCID、有効期限（YYYY-MM-DD）、必要なら通信事業者の列を持つ表（.xlsx または .csv、最大 {size} KB）。まだどのボックスも報告していないカードは保存され、報告されたときに対応付けられます。',
  importProblems: '{count, plural, other {# 件の問題}}：ファイルを直して選び直してください。何も書き込まれていません。',
  importChanges: '{count, plural, other {# 枚}}を設定します。{unchanged} 枚は変更なし。',
  imported: '{count, plural, other {# 枚}}のカードを設定しました。',
  known: '登録済み',
  newCard: '新規',
};

export default iotCards;
