import type { LocaleArea } from '@/i18n/types';

/** Claves de API para integradores (issue 27): la lista del perfil, crearlas y revocarlas. */
const apiKeys: LocaleArea<'apiKeys'> = {
  title: 'Claves de API',
  hint: 'Una clave permite que un sistema de planta (MES, SCADA) llame a la API en su nombre, solo con los ámbitos que elija: envíela como Authorization: Bearer dms_… (vea la documentación de la API).',
  column: {
    name: 'Nombre',
    prefix: 'Clave',
    scopes: 'Ámbitos',
    created: 'Creada',
    expires: 'Caduca',
    lastUsed: 'Último uso',
    lastAddress: 'Última dirección',
    state: 'Estado',
  },
  state: {
    active: 'Activa',
    expired: 'Caducada',
    revoked: 'Revocada',
    userDisabled: 'Terminada: cuenta desactivada',
    passwordChanged: 'Terminada: contraseña cambiada',
  },
  never: 'Nunca',
  revoke: 'Revocar',
  revokeConfirm: '¿Revocar la clave «{name}»? Las llamadas con ella se rechazan de inmediato.',
  revoked: 'La clave fue revocada.',
  create: 'Crear clave',
  createTitle: 'Crear una clave de API',
  createOk: 'Crear',
  cancel: 'Cancelar',
  close: 'Ya la he copiado',
  copyNow: 'Copie esta clave ahora. No se volverá a mostrar.',
  name: 'Nombre',
  namePlaceholder: 'p. ej. MES línea 2',
  nameRule: 'Dé a la clave un nombre de 1 a 64 caracteres.',
  scopes: 'Ámbitos',
  scopesRule: 'Elija al menos un ámbito.',
  scope: {
    devices_read: 'equipos, sus valores, historial y exportaciones',
    devices_write: 'escritura de registros, dentro de sus derechos',
    events_read: 'registros de fallos y eventos de reglas',
  },
  expiry: 'Caduca tras',
  days: '{count, plural, one {# día} other {# días}}',
  total: '{total, plural, one {# clave} other {# claves}}',
};
export default apiKeys;
