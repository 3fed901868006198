import type { LocaleArea } from '@/i18n/types';

const role: LocaleArea<'role'> = {
  root: 'Administrador raíz',
  limited_admin: 'Administrador limitado',
  manager: 'Gestor',
  qualityController: 'Control de calidad',
  afterSales: 'Posventa',
  afterSalesPlus: 'Posventa plus',
  manufacturer: 'Fabricante',
  district_distributor: 'Distribuidor de distrito',
  regional_distributor: 'Distribuidor regional',
  helper: 'Asistente',
  market: 'Mercado',
  end_user: 'Usuario final',
  admin: 'Administrador',
  dmck1333: 'Grupo DMCK 1333',
};
export default role;
