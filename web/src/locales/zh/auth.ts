import type en from '../en/auth.js';
import type { DeepStrings } from '../../i18n/types.js';

const messages: DeepStrings<typeof en> = {
  loggedOutTitle: "确认登出",
  loggedOutContent: "您已被登出，可以取消继续留在该页面，或者重新登录",
  relogin: "重新登录",
  warningTitle: "警告",
};

export default messages;
