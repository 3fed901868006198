import type { LocaleArea } from '@/i18n/types';

const smartbox: LocaleArea<'smartbox'> = {
  route: {
    smartbox: '智能盒子',
    ipLog: 'IP变更日志',
    boxCk: '盒子CK码',
  },
  boxCk: {
    help: '每个盒子的CK码（四位数字）及设置时间：逐个设置、导入表格，并查看每次变更。与设备类型下CK码页面的表是同一张。',
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
