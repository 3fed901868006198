/** Smart box (/smartbox): root's box tools; the IP change log. */
export default {
  route: {
    smartbox: 'Smart box',
    ipLog: 'IP change log',
    boxCk: 'Box CK codes',
  },
  boxCk: {
    help: "Each box's CK code (four digits) with the time it was set: set one, import a sheet, and see every change. The same table as the CK codes' page under device types.",
  },
  ipLog: {
    boxId: 'Box ID',
    sourceIp: 'Source IP',
    destinationIp: 'Destination IP',
    time: 'Time',
    total: '{total} changes',
  },
};
