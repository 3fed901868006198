import type { LocaleArea } from '@/i18n/types';

const dashboard: LocaleArea<'dashboard'> = {
  welcome: {
    greeting: 'Bienvenido, {name}',
    roles: 'Roles',
    level: 'Nivel de usuario',
    ck: 'Código CK',
    manager: 'Cuenta de gestor',
    yes: 'Sí',
    no: 'No',
  },
  pages: {
    title: 'Sus páginas',
    open: 'Abrir',
  },
  page: {
    profile: 'Los datos de su cuenta y su contraseña.',
    changePassword: 'Cambie la contraseña con la que inicia sesión.',
    operationLog: 'Quién hizo qué, cuándo y desde dónde.',
    serverLog: 'Errores registrados por el servidor y notificados por las consolas.',
  },
  fleet: {
    title: 'Sus equipos',
    all: 'Todos los equipos',
    split: 'En línea {online} · sin conexión {offline}',
    onlineRate: 'Tasa en línea',
    boxes: 'Cajas en línea',
    faultsToday: 'Fallos hoy',
    alertsToday: 'Avisos hoy',
    hours: 'Últimas 24 horas',
    faults: 'Fallos',
    alerts: 'Avisos',
    wentOffline: 'Se desconectaron',
    cameOnline: 'Se conectaron',
    feed: 'Cambios de estado',
    feedEmpty: 'Aún no hay cambios de estado.',
    map: 'Mapa',
    largeScreen: 'Pantalla grande',
    loadFailed: 'No se pudieron cargar las cifras de los equipos.',
    retry: 'Reintentar',
    updated: 'Actualizado a las {time}',
    noDevices: 'Aún no hay equipos: aparecen aquí cuando sus cajas informan.',
  },
};
export default dashboard;
