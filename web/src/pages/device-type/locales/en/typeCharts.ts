/** /device-type/chart: which charts each controller type's devices show (issue 20). */
export default {
  type: 'Controller type',
  devices: 'Devices',
  saved: 'The charts of {code} are saved.',
  maglevOnly: 'For maglev blower types only.',
  reserved: 'Comes with chart management: gauges, stacked values and running and stopped time.',
  soon: 'soon',
  help: "A device's page and its history pages link to the charts its type shows. A switch saves at once.",
  kinds: {
    'history-curves': 'History curves',
    kline: 'K-line',
    'maglev-charts': 'Maglev charts',
    'maglev-region': 'Operating region',
    gauge: 'Gauges',
    stacked: 'Stacked',
    'stop-status': 'Stop status',
  },
};
