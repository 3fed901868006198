import type { LocaleArea } from '@/i18n/types';

const smartbox: LocaleArea<'smartbox'> = {
  route: {
    smartbox: '智能盒子',
    ipLog: 'IP变更日志',
  },
  ipLog: {
    boxId: '盒子ID',
    sourceIp: '源IP',
    destinationIp: '目标IP',
    time: '时间',
    total: '共 {total} 条',
  },
};
export default smartbox;
