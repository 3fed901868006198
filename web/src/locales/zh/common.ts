import type { LocaleArea } from '@/i18n/types';

const common: LocaleArea<'common'> = {
  app: {
    title: '设备监控系统',
  },
  action: {
    ok: '确定',
    cancel: '取消',
    back: '返回',
    backHome: '返回首页',
    refresh: '刷新',
    apply: '应用',
    chooseFile: '选择文件',
  },
  state: {
    loading: '加载中…',
    loadingUser: '正在加载您的账号…',
    hasError: '出错了',
  },
  request: {
    timeout: '服务器响应超时，请重试。',
    network: '无法连接服务器，请检查网络后重试。',
    badResponse: '服务器返回了无法识别的应答（HTTP {status}）。',
  },
  loggedOut: {
    title: '确认登出',
    content: '你已被登出，可以取消继续留在该页面，或者重新登录',
    relogin: '重新登录',
    cancel: '取消',
  },
  warning: {
    title: '警告',
  },
  document: {
    inUse: '使用中（v{version}）',
    version: '版本 {version}',
    language: '语言',
    print: '打印',
    versionPick: '变体',
  },
  list: {
    andMore: '另有 {count} 项',
  },
};
export default common;
