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
  action: {
    user: {
      login: '登录',
      logout: '退出登录',
      changePassword: '修改密码',
      ckPassword: '重置CK组用户密码',
    },
    box: {
      register: '注册盒子',
      claim: '添加设备（认领盒子）',
    },
    device: {
      write: '写寄存器',
      edit: '编辑设备信息',
      share: '分享设备',
      recallShare: '收回分享',
      switchRight: '开关机权限',
      assign: '分配设备',
      recallAssign: '收回分配',
      hide: '对上级隐藏',
    },
    helper: {
      add: '添加助手',
      password: '修改助手密码',
      template: '修改助手权限模板',
      delete: '删除助手',
    },
    manager: {
      add: '添加子管理员',
      password: '修改子管理员密码',
      template: '修改子管理员权限模板',
      disable: '停用子管理员',
      enable: '启用子管理员',
    },
    template: {
      create: '新建权限模板',
      save: '保存权限模板',
      delete: '删除权限模板',
    },
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
