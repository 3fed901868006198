import type { LocaleArea } from '@/i18n/types';

const people: LocaleArea<'people'> = {
  newPassword: 'Nueva contraseña para {username}',
  password: 'Contraseña',
  passwordSet: 'La contraseña se cambió; sus sesiones se cerraron.',
  template: 'Plantilla',
  templateFor: 'Plantilla de permisos de {username}',
  templateHelp: 'La plantilla decide qué registros ve y puede escribir en cada equipo al que accede.',
  templateSet: 'La plantilla se cambió.',
  username: 'Usuario',
  name: 'Nombre',
  company: 'Empresa',
};
export default people;
