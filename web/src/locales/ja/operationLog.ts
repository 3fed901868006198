import type { LocaleArea } from '@/i18n/types';

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
      ckPassword: 'CKグループのユーザーのパスワード再設定',
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
      assign: '機器の割り当て',
      recallAssign: '割り当ての回収',
      hide: '上位者に非表示',
    },
    helper: {
      add: 'ヘルパーの追加',
      password: 'ヘルパーのパスワード変更',
      template: 'ヘルパーのテンプレート変更',
      delete: 'ヘルパーの削除',
    },
    manager: {
      add: 'サブ管理者の追加',
      password: 'サブ管理者のパスワード変更',
      template: 'サブ管理者のテンプレート変更',
      disable: 'サブ管理者の無効化',
      enable: 'サブ管理者の有効化',
    },
    template: {
      create: 'テンプレートの作成',
      save: 'テンプレートの保存',
      delete: 'テンプレートの削除',
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
