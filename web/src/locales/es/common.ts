import type { LocaleArea } from '@/i18n/types';

const common: LocaleArea<'common'> = {
  app: {
    title: 'Sistema de monitorización de dispositivos',
  },
  action: {
    ok: 'Aceptar',
    cancel: 'Cancelar',
    back: 'Volver',
    backHome: 'Volver al panel',
    refresh: 'Actualizar',
    apply: 'Aplicar',
    chooseFile: 'Elegir un archivo',
  },
  state: {
    loading: 'Cargando…',
    loadingUser: 'Cargando su cuenta…',
    hasError: 'Se ha producido un error',
  },
  request: {
    timeout: 'El servidor no respondió a tiempo. Vuelva a intentarlo.',
    network: 'No se pudo contactar con el servidor. Compruebe su conexión y vuelva a intentarlo.',
    badResponse: 'El servidor envió una respuesta que la consola no entiende (HTTP {status}).',
  },
  loggedOut: {
    title: 'Confirmar cierre de sesión',
    content: 'Se ha cerrado su sesión. Puede cancelar para quedarse en esta página o volver a iniciar sesión',
    relogin: 'Volver a iniciar sesión',
    cancel: 'Cancelar',
  },
  warning: {
    title: 'Advertencia',
  },
  document: {
    inUse: 'En uso (v{version})',
    version: 'Versión {version}',
    language: 'Idioma',
    print: 'Imprimir',
    versionPick: 'Variante',
  },
  list: {
    andMore: 'y {count} más',
  },
};
export default common;
