/** /device-type/chart: which charts each controller type's devices show (issue 20). */
export default {
  type: 'Controller type',
  devices: 'Devices',
  saved: 'The charts of {code} are saved.',
  maglevOnly: 'For maglev blower types only.',
  definitions: 'Chart management',
  definitionsHelp: 'The gauge, stacked and stop-status charts (Charts) its devices’ pages show, in this order.',
  definitionsNone: 'None',
  help: "A device's page and its history pages link to the charts its type shows; its page draws the charts of chart management chosen here. A change saves at once.",
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
