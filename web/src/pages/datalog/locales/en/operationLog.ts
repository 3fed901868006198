/** The operation log page (/datalog/operation-log). */
export default {
  filter: {
    action: 'Action',
    allActions: 'All actions',
    username: 'User name',
  },
  column: {
    time: 'Time',
    username: 'User',
    action: 'Action',
    target: 'Target',
    oldValue: 'Old value',
    newValue: 'New value',
    outcome: 'Outcome',
    ip: 'IP address',
  },
  outcome: {
    ok: 'Succeeded',
    failed: 'Failed',
  },
  table: {
    total: '{total} entries',
    noChange: 'No values recorded',
  },
};
