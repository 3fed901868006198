/** Smart box (/smartbox): root's box tools; the IP change log. */
export default {
  route: {
    smartbox: 'Smart box',
    ipLog: 'IP change log',
    boxCk: 'Box CK codes',
    clearFaults: 'Clear fault records',
  },
  clearFaults: {
    help: "Deletes a box's ended fault records: all of them, or those that started in the time range. Records of a fault that is still on are kept. You are told the counts and asked to confirm first.",
    box: 'Box number',
    boxNeeded: 'Please enter the box number.',
    range: 'Started between (optional)',
    rangeHelp: 'Leave empty for every time.',
    submit: 'Clear fault records',
    alsoBox: 'Also tell the box to clear its own fault memory',
    alsoBoxHelp: 'The box gets the clear-faults command now, or when it next comes online.',
    toldSent: 'The box was told to clear its fault memory.',
    toldQueued: 'The box is offline: it will be told to clear its fault memory when it comes online.',
    done: 'Box {boxId}: {deleted, plural, one {# fault record} other {# fault records}} deleted; {kept} still open kept.',
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
