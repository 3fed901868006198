import type { LocaleArea } from '@/i18n/types';

const route: LocaleArea<'route'> = {
  login: '登录',
  mlogin: '登录',
  authRedirect: '正在登录',
  dashboard: '首页',
  profile: '个人中心',
  usermanager: '用户管理',
  changePassword: '修改密码',
  addDevice: '添加设备',
  editManager: '下级管理员',
  addManager: '添加下级管理员',
  managerDevice: '下级管理员的设备',
  editHelper: '助手',
  addHelper: '添加助手',
  helperDevice: '助手的设备',
  deviceType: '设备类型',
  permissionTemplates: '权限模板',
  permissionModify: '编辑权限模板',
  operationLog: '操作日志',
  datalog: '数据日志',
  serverLog: '服务器日志',
  notFound: '页面不存在',
  unauthorized: '没有权限',
};
export default route;
