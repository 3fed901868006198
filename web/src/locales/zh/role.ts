import type { LocaleArea } from '@/i18n/types';

const role: LocaleArea<'role'> = {
  root: '超级管理员',
  limited_admin: '受限管理员',
  manager: '经理',
  qualityController: '质检员',
  afterSales: '售后',
  afterSalesPlus: '高级售后',
  manufacturer: '厂家',
  district_distributor: '区域经销商',
  regional_distributor: '地区经销商',
  helper: '助手',
  market: '市场',
  end_user: '终端用户',
  admin: '管理员',
  dmck1333: 'DMCK 1333 组',
};
export default role;
