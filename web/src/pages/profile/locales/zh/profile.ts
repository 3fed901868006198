import type { LocaleArea } from '@/i18n/types';

const profile: LocaleArea<'profile'> = {
  about: {
    title: '关于我',
    username: '用户名',
    roles: '角色',
    level: '用户等级',
    introduction: '简介',
    noIntroduction: '暂无简介',
  },
  password: {
    title: '修改密码',
    current: '当前密码',
    new: '新密码',
    confirm: '确认新密码',
    submit: '修改密码',
    success: '密码已修改，您在其他地方的登录已退出，您的 API 密钥已失效。',
  },
};
export default profile;
