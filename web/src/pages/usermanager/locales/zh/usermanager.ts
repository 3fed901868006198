import type { LocaleArea } from '@/i18n/types';

const usermanager: LocaleArea<'usermanager'> = {
  route: {
    group: '用户管理',
    changePassword: '修改密码',
    addDevice: '添加设备',
    editManager: '下级管理员',
    addManager: '添加下级管理员',
    managerDevice: '下级管理员的设备',
    editHelper: '助手',
    addHelper: '添加助手',
    helperDevice: '助手的设备',
  },
};
export default usermanager;
