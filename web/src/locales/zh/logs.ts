import type en from '../en/logs.js';
import type { DeepStrings } from '../../i18n/types.js';

const messages: DeepStrings<typeof en> = {
  time: "时间",
  user: "用户",
  source: "来源",
  level: "级别",
  message: "信息",
  url: "地址",
  detail: "详情",
  sources: {
    server: "服务器",
    console: "控制台",
  },
  action: "操作",
  target: "对象",
  oldValue: "旧值",
  newValue: "新值",
  outcome: "结果",
  ip: "IP 地址",
  outcomes: {
    ok: "成功",
    failed: "失败",
  },
  actions: {
    userLogin: "登录",
    userLogout: "退出登录",
    userChangePassword: "修改密码",
  },
  filterUser: "用户名",
};

export default messages;
