/** Role names shown on the dashboard and profile (spec 6 roles and the two special ones). */
export default {
  root: 'Root admin',
  limited_admin: 'Limited admin',
  manager: 'Manager',
  qualityController: 'Quality controller',
  afterSales: 'After-sales',
  afterSalesPlus: 'After-sales plus',
  manufacturer: 'Manufacturer',
  district_distributor: 'District distributor',
  regional_distributor: 'Regional distributor',
  helper: 'Helper',
  market: 'Market',
  end_user: 'End user',
  admin: 'Administrator',
  dmck1333: 'DMCK 1333 group',
};
