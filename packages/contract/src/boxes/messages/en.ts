/** Cloud boxes: clearing a box's fault records (/smartbox/box-clear-fault-record). */
export default {
  'validation.boxes.clearRange': 'The start must be before the end.',
  'action.boxes.clearFaultRecords': "Clear a box's fault records",
  'boxes.clearConfirm': 'Box {boxId}: {count} ended fault record(s) will be deleted; {kept} still open will be kept. Continue?',
  'boxes.clearConfirmRange':
    'Box {boxId}: {count} ended fault record(s) that started between {from} and {to} (UTC) will be deleted; {kept} still open will be kept. Continue?',
  'validation.ipLog.ip': 'An IP is searched by its digits, dots and colons.',
  'ipLog.sheet': 'IP changes',
  'ipLog.column.boxId': 'Box ID',
  'ipLog.column.sourceIp': 'Source IP',
  'ipLog.column.destinationIp': 'Destination IP',
  'ipLog.column.time': 'Time',
};
