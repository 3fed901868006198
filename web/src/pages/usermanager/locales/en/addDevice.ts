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
  scan: {
    camera: 'Scan the label',
    photo: 'Upload a photo of the label',
    cameraTitle: 'Hold the QR label in front of the camera',
    noCamera: 'The camera could not be opened. Allow it in the browser, or upload a photo of the label.',
    read: 'Label read: box {boxId}. It proves you hold the box; no CK code is needed.',
    useCk: 'Use the CK code instead',
    none: 'No QR label was found in this photo. Take it again, closer and in focus.',
    foreign: 'This QR code is not a box label of this system.',
    unreadable: 'This file could not be read as a picture.',
  },
};
