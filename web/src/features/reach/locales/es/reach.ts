import { REACH_NAMES } from '@dms/contract';
import type { LocaleArea } from '@/i18n/types';

const reach: LocaleArea<'reach'> = {
  how: REACH_NAMES.es,
  detail: {
    owner: 'Este equipo es suyo.',
    ownerAssigned: 'Este equipo es suyo: {user} se lo asignó.',
    assigned: 'Lo asignó a {user}; puede retirarlo.',
    sharedSwitch: '{user} lo comparte con usted, con permiso de marcha/paro.',
    sharedView: '{user} lo comparte con usted, solo para ver.',
    ck: 'Una caja de su grupo CK, a través de {user}.',
    ckFactory: 'Una caja de su grupo CK.',
    admin: 'Los administradores alcanzan todos los equipos.',
  },
  dataHidden: 'Datos ocultos',
  hiddenByMe: 'Oculto a superiores',
  hiddenTitle: 'Un subadministrador ocultó los datos de este equipo',
  hiddenText: 'Lo asignó a {user}. Puede ver que existe y retirarlo, no sus valores, fallos ni historial.',
  column: 'Acceso',
};
export default reach;
