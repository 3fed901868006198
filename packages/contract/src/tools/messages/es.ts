import type { AreaMessages } from '../../messages/types.js';

/** /tools/redis: la herramienta de caché (root). */
const tools: AreaMessages<'tools'> = {
  'action.tools.redisRead': 'Consultar una clave de caché',
  'action.tools.redisDelete': 'Eliminar claves de caché',
  'validation.tools.key': 'Indique una clave del producto: members, o una clave que empiece por login:, export:, export-file: o values:.',
  'validation.tools.search': 'La búsqueda admite como máximo 200 caracteres.',
  'tools.deleteKeyConfirm': 'Se eliminará la clave {key}. No se puede deshacer. ¿Continuar?',
  'tools.deleteGroupConfirm': 'Se eliminarán {count} clave(s) bajo {pattern}. No se puede deshacer. ¿Continuar?',
  'tools.deleteSearchConfirm': 'Se eliminarán {count} clave(s) bajo {pattern} con «{q}» en el nombre. No se puede deshacer. ¿Continuar?',
  'error.tools.readOnly':
    'Sin Redis (REDIS_URL), este servidor guarda su estado en su propia memoria y la herramienta de caché solo lo muestra.',
  'error.tools.membersKept': 'Los servidores en marcha vuelven a escribir {key} cada segundo, así que aquí no se elimina.',
  'error.tools.valuesKept': 'Los últimos valores se guardan en la memoria de cada servidor, no en Redis: no hay nada que eliminar.',
  'error.tools.keyGone': 'La clave {key} ya no existe: caducó o se eliminó.',
  'error.tools.nothingToDelete': 'Ninguna clave coincide, así que no se eliminó nada.',
  'error.tools.redisAway': 'Redis no responde ahora. Inténtelo de nuevo en un momento.',
};
export default tools;
