import type { LocaleArea } from '@/i18n/types';

const role: LocaleArea<'role'> = {
  root: 'ルート管理者',
  limited_admin: '制限付き管理者',
  manager: 'マネージャー',
  qualityController: '品質管理者',
  afterSales: 'アフターサービス',
  afterSalesPlus: 'アフターサービス プラス',
  manufacturer: 'メーカー',
  district_distributor: '地区販売代理店',
  regional_distributor: '地域販売代理店',
  helper: 'ヘルパー',
  market: 'マーケット',
  end_user: 'エンドユーザー',
  admin: '管理者',
  dmck1333: 'DMCK 1333 グループ',
};
export default role;
