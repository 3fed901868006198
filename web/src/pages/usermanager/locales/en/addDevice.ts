/** /usermanager/add-device: claiming a box by its CK code (docs/people.md). */
export default {
  boxId: 'Box ID',
  boxIdHelp: 'The number on the cloud box label.',
  ck: 'CK code',
  ckHelp: 'The four digits next to the box ID on the label.',
  submit: 'Add device',
  done: 'Box {boxId} is yours: {count, plural, one {# device} other {# devices}}.',
  doneFor: 'Box {boxId} now belongs to {owner}: {count, plural, one {# device} other {# devices}}.',
  noDevicesYet: 'Its devices appear here when the box reports in.',
};
