import type { LocaleArea } from '@/i18n/types';

const typeRelation: LocaleArea<'typeRelation'> = {
  search: 'Código de modelo o tipo',
  new: 'Asignar un código de modelo',
  modelCode: 'Código de modelo',
  type: 'Tipo de controlador',
  devices: 'Equipos',
  updated: 'Guardado',
  updatedBy: 'Guardado por',
  actions: 'Acciones',
  change: 'Cambiar',
  remove: 'Quitar',
  removeConfirm: '¿Quitar la relación de {code}? Sus equipos vuelven al tipo de ese código, o a ninguno.',
  removed: 'Se quitó la relación de {code}.',
  save: 'Guardar',
  saved: '{code} corresponde ahora a {type}: {devices, plural, one {# equipo lo sigue} other {# equipos lo siguen}}.',
  editTitle: 'Código de modelo {code}',
  help: 'Las cajas informan un código de modelo por controlador. Un código asignado aquí da ese tipo a sus equipos al instante, y a cada caja nueva que lo informe.',
  unmapped: 'Informados sin tipo',
  unmappedHelp: 'Códigos de modelo que la flota informa y que ninguna relación ni ningún tipo nombran. Elija uno para asignarlo.',
  unmappedNone: 'Cada código que informa la flota tiene un tipo.',
  unmappedCount: '{code} · {devices, plural, one {# equipo} other {# equipos}}',
  total: '{total, plural, one {# relación} other {# relaciones}}',
};
export default typeRelation;
