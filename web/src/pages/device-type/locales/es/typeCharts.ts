/** /device-type/chart: qué gráficos muestran los dispositivos de cada tipo de controlador (issue 20). */
export default {
  type: 'Tipo de controlador',
  devices: 'Dispositivos',
  saved: 'Los gráficos de {code} se han guardado.',
  maglevOnly: 'Solo para tipos de soplante de levitación magnética.',
  reserved: 'Llega con la gestión de gráficos: indicadores, valores apilados y tiempo en marcha y parado.',
  soon: 'pronto',
  help: 'La página de un dispositivo y sus páginas de histórico enlazan los gráficos que muestra su tipo. Cada interruptor guarda al momento.',
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
