import type en from '../en/auth.js';
import type { DeepStrings } from '../../i18n/types.js';

const messages: DeepStrings<typeof en> = {
  loggedOutTitle: "ログアウトの確認",
  loggedOutContent: "ログアウトされました。キャンセルしてこのページに留まるか、再度ログインしてください",
  relogin: "再ログイン",
  warningTitle: "警告",
};

export default messages;
