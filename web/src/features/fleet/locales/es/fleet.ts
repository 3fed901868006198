import type { LocaleArea } from '@/i18n/types';

/** The fleet at a glance: map monitoring and the large screen (the dashboard figures are in dashboard.ts). */
const fleet: LocaleArea<'fleet'> = {
  route: {
    map: 'Mapa de equipos',
    largeScreen: 'Pantalla grande',
  },
  filter: {
    label: 'Estado',
    all: 'Todos',
  },
  map: {
    onMap: '{count} equipos en el mapa',
    noPosition: '{count} sin ubicación',
    noPositionLink: 'Verlos en la lista',
    fit: 'Ajustar a los equipos',
    largeScreen: 'Pantalla grande',
    loading: 'Cargando el mapa…',
    loadFailed: 'No se pudo cargar el mapa.',
    retry: 'Reintentar',
    empty: 'No hay equipos con ubicación que mostrar.',
    cluster: '{count} equipos aquí; el peor: {status}',
    clusterZoom: 'Acercar',
    mapLabel: 'Mapa del mundo con sus equipos',
  },
  popup: {
    device: 'Equipo {boxId}-{controller}',
    box: 'Caja',
    controller: 'Controlador',
    company: 'Empresa',
    model: 'Modelo',
    status: 'Estado',
    location: 'Ubicación',
    open: 'Abrir el equipo',
    close: 'Cerrar',
    devicesHere: '{count} equipos en este lugar',
    placedAt: 'Sin coordenadas: se muestra en el centro de {place}',
  },
  live: {
    live: 'En directo',
    connecting: 'Conectando…',
    offline: 'Reconectando…',
    idle: 'Sin directo',
  },
  screen: {
    title: 'Monitorización de equipos: vista general',
    devices: 'Equipos',
    onlineRate: 'Tasa en línea',
    faultsToday: 'Fallos hoy',
    alertsToday: 'Avisos hoy',
    boxes: 'Cajas en línea',
    feed: 'Fallos y avisos',
    feedEmpty: 'Sin fallos ni avisos recientes.',
    faultyModels: 'Modelos con más fallos (30 días)',
    faultyEmpty: 'Sin registros de fallos en los últimos 30 días.',
    faults: 'Fallos',
    back: 'Volver a la consola',
    updated: 'Actualizado a las {time}',
    loadFailed: 'No se pudieron cargar las cifras; reintentando.',
  },
};
export default fleet;
