/** /tools: las herramientas de root (la herramienta de caché, /tools/redis). */
export default {
  route: {
    group: 'Herramientas',
    redis: 'Caché (Redis)',
    sessions: 'Sesiones iniciadas',
  },
  redis: {
    memoryMode:
      'No hay Redis configurado (REDIS_URL): este servidor guarda este estado en su propia memoria. Se muestra con los nombres que tendría en Redis y no se puede eliminar.',
    server: {
      title: 'El servidor Redis',
      version: 'Versión',
      memory: 'Memoria usada',
      keys: 'Claves en su base de datos',
      uptime: 'En marcha desde hace',
      clients: 'Conexiones',
      prefix: 'Prefijo de claves del producto',
      channels: 'Canales (suscritos)',
      noChannels: 'Ninguno',
    },
    group: {
      login: 'Protección de acceso',
      members: 'Servidores activos',
      export: 'Exportaciones',
      'export-file': 'Archivos exportados',
      values: 'Últimos valores',
    },
    groupHelp: {
      login:
        'Inicios de sesión fallidos por usuario en una dirección, por dirección y por usuario, cada uno guardado durante la ventana que cuenta la protección. Al eliminar una clave, esa dirección o usuario puede volver a intentarlo enseguida.',
      members:
        'Los servidores en marcha, que se renuevan cada segundo; el trabajo único (retención, resúmenes, limpieza de sesiones) se ejecuta en el servidor que lo dirige. Aquí no se elimina.',
      export: 'Las exportaciones y su avance, hasta que su archivo se descarga o caduca.',
      'export-file': 'Archivos exportados terminados que esperan su descarga (una sola vez). Solo se muestran su tamaño y tipo.',
      values:
        'Los últimos valores de cada caja, tal como los tiene en memoria el servidor que responde (todos los servidores los tienen; no se guardan en Redis).',
    },
    where: {
      redis: 'En Redis',
      memory: 'En la memoria de este servidor',
    },
    column: {
      key: 'Clave',
      type: 'Tipo',
      ttl: 'Caduca en',
      size: 'Tamaño',
    },
    never: 'Nunca',
    search: 'Parte del nombre de la clave',
    total: '{total, plural, one {# clave} other {# claves}}',
    capped: 'Más de {limit} claves: solo se listan las primeras {limit} por nombre. Busque para acotarlas.',
    deleteKey: 'Eliminar',
    deleteListed: 'Eliminar todas las listadas',
    deleted: '{count, plural, one {# clave eliminada.} other {# claves eliminadas.}}',
    empty: 'No hay claves ahora.',
    detail: {
      title: 'Clave',
      group: 'Grupo',
      entries: 'Se muestran {shown} de {total} entradas',
      noEntries: 'No contiene nada.',
    },
    rows: {
      failures: { name: 'Intento', time: 'Hora' },
      members: { name: 'Servidor (* este)', text: 'Dirige', time: 'Caduca si no se renueva' },
      fields: { name: 'Campo', text: 'Valor' },
      file: { name: 'Dato', text: 'Valor' },
      values: { name: 'Controlador / registro', text: 'Valor', time: 'Hora' },
      raw: { name: '#', text: 'Valor' },
    },
    file: {
      bytes: 'Tamaño',
      kind: 'Tipo',
    },
  },
};
