import { REACH_NAMES } from '@dms/contract';
import type { LocaleArea } from '@/i18n/types';

const reach: LocaleArea<'reach'> = {
  how: REACH_NAMES.ja,
  detail: {
    owner: 'この機器はあなたのものです。',
    ownerAssigned: 'この機器はあなたのものです：{user} から割り当てられました。',
    assigned: '{user} に割り当てました。回収できます。',
    sharedSwitch: '{user} から共有されています（運転/停止可）。',
    sharedView: '{user} から共有されています（閲覧のみ）。',
    ck: 'CKグループのボックス（{user} 経由）。',
    ckFactory: 'CKグループのボックス。',
    admin: '管理者はすべての機器にアクセスできます。',
  },
  dataHidden: 'データ非表示',
  hiddenByMe: '上位に非表示',
  hiddenTitle: '配下のサブ管理者がこの機器のデータを非表示にしました',
  hiddenText: '{user} に割り当てた機器です。存在の確認と回収はできますが、値・故障・履歴は見られません。',
  column: 'アクセス',
};
export default reach;
