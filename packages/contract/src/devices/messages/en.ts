/** Devices: register writes and a device's information. */
export default {
  'validation.phone.format': 'A phone number may hold digits, spaces and + - ( ) only, at most 32',
  'validation.lng.range': 'Longitude must be between -180 and 180',
  'validation.lat.range': 'Latitude must be between -90 and 90',
  'error.deviceOffline': 'The device is offline; nothing can be sent to it now.',
  'error.registerUnknown': "Register {register} is not in this device's register map.",
  'error.registerNotWritable': 'Register {register} cannot be written.',
  'error.registerOutOfRange': 'The value must be between {min} and {max}.',
  'error.registerDecimals': 'The value may have at most {decimals} decimal places.',
  'error.registerOption': 'The value is not one of the options of this register.',
  'error.dataHidden':
    "A sub-manager below you hid this device's data: you can see that it exists and recall it, not its values or history.",
  'error.noWriteRight': "You may not change this device's settings.",
  // The operation log's name of each action (actions.ts).
  'action.device.write': 'Write a register',
  'action.device.edit': 'Edit device information',
};
