import type { LocaleArea } from '@/i18n/types';

const errorPage: LocaleArea<'errorPage'> = {
  notFound: {
    headline: '该页面不存在',
    hint: '请检查网址是否正确，或返回首页。',
  },
  unauthorized: {
    headline: '您没有权限访问该页面',
    hint: '如需访问，请联系管理员，或返回上一页。',
  },
};
export default errorPage;
