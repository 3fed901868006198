/** What the operation log records of this area; each is named in the area's messages as `action.<name>`. */
export const actions = [
  'smartbox.sendCommand',
  'smartbox.cancelCommand',
  'smartbox.setUploadSettings',
  'smartbox.assignBoxes',
  'smartbox.setDeviceProperties',
  'smartbox.importDeviceProperties',
  'smartbox.uploadImage',
  'smartbox.deleteImage',
  'smartbox.startRollout',
  'smartbox.pauseRollout',
  'smartbox.resumeRollout',
  'smartbox.cancelRollout',
  'smartbox.saveBoxConfig',
  'smartbox.moveBoxes',
  'smartbox.createBoxType',
] as const;
