import type { LocaleArea } from '@/i18n/types';

const operationLog: LocaleArea<'operationLog'> = {
  filter: {
    action: '操作',
    allActions: '全部操作',
    username: '用户名',
  },
  column: {
    time: '时间',
    username: '用户',
    action: '操作',
    target: '对象',
    oldValue: '旧值',
    newValue: '新值',
    outcome: '结果',
    ip: 'IP 地址',
  },
  outcome: {
    ok: '成功',
    failed: '失败',
  },
  table: {
    total: '共 {total} 条',
    noChange: '没有记录变更值',
  },
};
export default operationLog;
