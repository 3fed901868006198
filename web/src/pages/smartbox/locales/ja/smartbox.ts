import type { LocaleArea } from '@/i18n/types';

const smartbox: LocaleArea<'smartbox'> = {
  route: {
    smartbox: 'スマートボックス',
    ipLog: 'IP変更ログ',
  },
  ipLog: {
    boxId: 'ボックスID',
    sourceIp: '変更元IP',
    destinationIp: '変更先IP',
    time: '日時',
    total: '全 {total} 件',
  },
};
export default smartbox;
