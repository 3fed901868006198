import type { LocaleArea } from '@/i18n/types';

const typeConfig: LocaleArea<'typeConfig'> = {
  search: 'Código o nombre',
  allKinds: 'Todas las clases',
  code: 'Código',
  name: 'Nombre',
  kind: 'Clase',
  registers: 'Registros',
  version: 'Versión',
  devices: 'Equipos',
  updated: 'Guardado',
  updatedBy: 'Guardado por',
  release: 'Versión del sistema',
  builtinTag: 'Integrado',
  actions: 'Acciones',
  edit: 'Editar',
  copy: 'Copiar',
  copyTitle: 'Copiar {code}',
  copyHelp: 'El nuevo tipo empieza con este mapa de registros como su versión 1.',
  copyOk: 'Copiar',
  copied: 'Tipo {code} creado.',
  nameIn: 'Nombre ({language})',
  delete: 'Eliminar',
  deleteConfirm: '¿Eliminar el tipo {code}?',
  deleted: 'Tipo {code} eliminado.',
  total: '{total, plural, one {# tipo} other {# tipos}}',
};
export default typeConfig;
