/** /smartbox/box-delete: deleting a box after seeing what it holds, and restoring it before it is purged. */
export default {
  owner: 'Holder',
  company: 'Company',
  form: {
    title: 'Delete a box',
    help: 'A deleted box and its devices disappear for everyone at once, and what the box sends is dropped. It can be restored from the list below until it is purged with all its history.',
    box: 'Box',
    boxNeeded: 'Enter the number of the box to delete.',
    show: 'Show what it holds',
    type: 'Type',
    online: 'online',
    offline: 'offline',
    device: 'Device',
    deviceType: 'Controller type',
    status: 'Status',
    warning:
      'Deleting hides the box and its devices from every list, page, map, export and live view now. It stays restorable for {days, plural, one {# day} other {# days}}; then it is purged with its history, which cannot be undone.',
    submit: 'Delete box {box}',
    confirm:
      'Delete box {box} with {devices, plural, =0 {no devices} one {its # device} other {its # devices}} and {history, plural, =0 {no stored snapshots} one {# stored snapshot} other {# stored snapshots}}?',
    done: 'Box {box} is deleted. It can be restored for {days, plural, one {# day} other {# days}}.',
  },
  counts: {
    devices: 'Devices',
    history: 'Stored snapshots',
    faultRecords: 'Fault records',
    events: 'Rule events',
    statusChanges: 'Status changes',
    commands: 'Commands',
  },
  list: {
    title: 'Deleted boxes',
    help: 'Soonest purged first. A restored box and its devices are back for everyone who reached them.',
    deleted: 'Deleted',
    purgeAt: 'Purged at',
    daysLeft: '{days, plural, =0 {due today} one {in # day} other {in # days}}',
    actions: 'Actions',
    restore: 'Restore',
    restoreConfirm: 'Restore box {box} with {devices, plural, =0 {no devices} one {its # device} other {its # devices}}?',
    restored: 'Box {box} is restored.',
    total: '{total, plural, one {# deleted box} other {# deleted boxes}}',
  },
};
