import type { LocaleArea } from '@/i18n/types';

const usermanager: LocaleArea<'usermanager'> = {
  route: {
    group: 'ユーザー管理',
    changePassword: 'パスワード変更',
    addDevice: '機器の追加',
    editManager: 'サブ管理者',
    addManager: 'サブ管理者の追加',
    managerDevice: 'サブ管理者の機器',
    editHelper: 'ヘルパー',
    addHelper: 'ヘルパーの追加',
    helperDevice: 'ヘルパーの機器',
  },
};
export default usermanager;
