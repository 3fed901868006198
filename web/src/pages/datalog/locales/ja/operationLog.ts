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
