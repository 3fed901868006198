/** /device-type/chart: qué gráficos muestran los dispositivos de cada tipo de controlador (issue 20). */
export default {
  type: 'Tipo de controlador',
  devices: 'Dispositivos',
  saved: 'Los gráficos de {code} se han guardado.',
  maglevOnly: 'Solo para tipos de soplante de levitación magnética.',
  definitions: 'Gestión de gráficos',
  definitionsHelp:
    'Los indicadores, gráficos apilados y de marcha y paro (Gráficos) que muestran las páginas de sus equipos, en este orden.',
  definitionsNone: 'Ninguno',
  help: 'La página de un dispositivo y sus páginas de histórico enlazan los gráficos que muestra su tipo; su página dibuja los gráficos de la gestión de gráficos elegidos aquí. Cada cambio guarda al momento.',
  kinds: {
    'history-curves': 'Curvas históricas',
    kline: 'Velas (K-line)',
    'maglev-charts': 'Gráficos maglev',
    'maglev-region': 'Región de operación',
    gauge: 'Indicadores',
    stacked: 'Apilado',
    'stop-status': 'Estado de paro',
  },
};
