import type { LocaleArea } from '@/i18n/types';

const navbar: LocaleArea<'navbar'> = {
  hamburger: {
    toggle: '显示或隐藏菜单',
  },
  breadcrumb: {
    label: '当前位置',
  },
  search: {
    placeholder: '搜索页面',
    noMatch: '没有匹配的页面',
  },
  fullscreen: {
    enter: '全屏',
    exit: '退出全屏',
    unsupported: '您的浏览器不支持全屏',
  },
  size: {
    label: '布局大小',
    default: '默认',
    medium: '中',
    small: '小',
    mini: '迷你',
    success: '切换布局大小成功',
  },
  language: {
    label: '语言',
    success: '切换语言成功',
  },
  settings: {
    open: '布局设置',
  },
  user: {
    menu: '账号菜单',
    dashboard: '首页',
    profile: '个人中心',
    logout: '退出登录',
  },
};
export default navbar;
