import type en from '../en/logs.js';
import type { DeepStrings } from '../../i18n/types.js';

const messages: DeepStrings<typeof en> = {
  time: "時刻",
  user: "ユーザー",
  source: "発生元",
  level: "レベル",
  message: "メッセージ",
  url: "アドレス",
  detail: "詳細",
  sources: {
    server: "サーバー",
    console: "コンソール",
  },
  action: "操作",
  target: "対象",
  oldValue: "変更前",
  newValue: "変更後",
  outcome: "結果",
  ip: "IP アドレス",
  outcomes: {
    ok: "成功",
    failed: "失敗",
  },
  actions: {
    userLogin: "ログイン",
    userLogout: "ログアウト",
    userChangePassword: "パスワード変更",
  },
  filterUser: "ユーザー名",
};

export default messages;
