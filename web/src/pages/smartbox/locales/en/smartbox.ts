/** Smart box (/smartbox): root's box tools; the IP change log. */
export default {
  route: {
    smartbox: 'Smart box',
    ipLog: 'IP change log',
  },
  ipLog: {
    boxId: 'Box ID',
    sourceIp: 'Source IP',
    destinationIp: 'Destination IP',
    time: 'Time',
    total: '{total} changes',
  },
};
