/** What the operation log records of this area; each is named in the area's messages as `action.<name>`. */
export const actions = [
  'smartbox.sendCommand',
  'smartbox.cancelCommand',
  'smartbox.setUploadSettings',
  'smartbox.assignBoxes',
  'smartbox.setDeviceProperties',
  'smartbox.importDeviceProperties',
] as const;
