import type { LocaleArea } from '@/i18n/types';

const errorPage: LocaleArea<'errorPage'> = {
  notFound: {
    headline: 'このページは存在しません',
    hint: 'アドレスを確認するか、ダッシュボードに戻ってください。',
  },
  unauthorized: {
    headline: 'このページを開く権限がありません',
    hint: '必要な場合は管理者にお問い合わせいただくか、前のページに戻ってください。',
  },
};
export default errorPage;
