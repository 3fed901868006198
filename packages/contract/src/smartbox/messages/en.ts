/** Commands to cloud boxes (docs/box-protocol.md, "Commands"). */
export default {
  'validation.smartbox.interval': 'The report interval is 1 to 3600 seconds.',
  'validation.smartbox.deadband': 'The deadband is 0 to 65535 (raw units).',
  'validation.smartbox.registers': 'List at most 512 registers (0 to 65535), each once.',
  'validation.smartbox.configEmpty': 'Change at least one setting: interval, deadband or registers.',
  'validation.smartbox.serverUrl': 'Enter the server as mqtt://host:port or mqtts://host:port.',
  'validation.smartbox.firmwareUrl': 'The image must be downloadable over http:// or https://.',
  'validation.smartbox.sha256': 'The SHA-256 is 64 lower-case hexadecimal digits.',
  'validation.smartbox.noBoxes': 'Choose at least one box.',
  'validation.smartbox.tooManyBoxes': 'At most 10,000 boxes in one request.',
  'validation.smartbox.repeatedBox': 'Each box may be named once.',
  'error.smartbox.unknownBoxes': 'These boxes are not registered: {boxes}.',
  'error.smartbox.notFound': 'No such command.',
  'error.smartbox.notCancellable': 'Only a command still waiting for its box can be cancelled; this one is {state}.',
  'action.smartbox.sendCommand': 'Send a command to boxes',
  'action.smartbox.cancelCommand': 'Cancel a box command',
  'action.smartbox.setUploadSettings': "Set boxes' data upload settings",
};
