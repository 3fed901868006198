import type { LocaleArea } from '@/i18n/types';

const smartbox: LocaleArea<'smartbox'> = {
  route: {
    smartbox: '智能盒子',
    ipLog: 'IP变更日志',
    boxCk: '盒子CK码',
    clearFaults: '清除故障记录',
  },
  clearFaults: {
    help: '删除某个盒子已结束的故障记录：全部，或在所选时间段内开始的记录。仍在持续的故障的记录会保留。会先告知数量并请您确认。',
    box: '盒子编号',
    boxNeeded: '请输入盒子编号。',
    range: '开始时间段（可选）',
    rangeHelp: '留空表示全部时间。',
    submit: '清除故障记录',
    alsoBox: '同时让盒子清除其本地故障记忆',
    alsoBoxHelp: '盒子会立即收到清除故障命令，若离线则在下次上线时收到。',
    toldSent: '已通知盒子清除其故障记忆。',
    toldQueued: '盒子离线：将在其上线时通知它清除故障记忆。',
    done: '盒子 {boxId}：已删除 {deleted} 条故障记录；保留仍未结束的 {kept} 条。',
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
