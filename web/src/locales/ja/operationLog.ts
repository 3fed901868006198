import type { LocaleArea } from '../../i18n/types';

const operationLog: LocaleArea<'operationLog'> = {
  filter: {
    action: '操作',
    allActions: 'すべての操作',
    username: 'ユーザー名',
  },
  column: {
    time: '日時',
    username: 'ユーザー',
    action: '操作',
    target: '対象',
    oldValue: '変更前',
    newValue: '変更後',
    outcome: '結果',
    ip: 'IP アドレス',
  },
  action: {
    user: {
      login: 'ログイン',
      logout: 'ログアウト',
      changePassword: 'パスワード変更',
    },
    box: {
      register: 'ボックス登録',
      claim: '機器の追加（ボックスの取得）',
    },
    device: {
      write: 'レジスタ書き込み',
      edit: 'デバイス情報の編集',
      share: '機器の共有',
      recallShare: '共有の回収',
      switchRight: '運転/停止の権限',
    },
    helper: {
      add: 'ヘルパーの追加',
      password: 'ヘルパーのパスワード変更',
      template: 'ヘルパーのテンプレート変更',
      delete: 'ヘルパーの削除',
    },
  },
  outcome: {
    ok: '成功',
    failed: '失敗',
  },
  table: {
    total: '全 {total} 件',
    noChange: '値は記録されていません',
  },
};
export default operationLog;
