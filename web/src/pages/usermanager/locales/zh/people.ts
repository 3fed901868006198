import type { LocaleArea } from '@/i18n/types';

const people: LocaleArea<'people'> = {
  newPassword: '为 {username} 设置新密码',
  password: '密码',
  passwordSet: '密码已修改，其登录会话已退出。',
  template: '权限模板',
  templateFor: '{username} 的权限模板',
  templateHelp: '模板决定其在所能访问的每台设备上可查看和可写入的寄存器。',
  templateSet: '权限模板已修改。',
  username: '用户名',
  name: '姓名',
  company: '公司',
};
export default people;
