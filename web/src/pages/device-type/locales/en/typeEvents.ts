/** /device-type/type-events: which bits of a type's registers mean a fault, an alert or information (issue 20). */
export default {
  type: 'Controller type',
  register: 'Register {number} · {name}',
  bit: 'Bit',
  severity: 'Severity',
  textIn: 'Text in {language}',
  add: 'Add bit',
  remove: 'Remove bit {bit}',
  noBits: 'No bit of this register makes an event yet.',
  empty: 'This type has no bit-field register. Give a register the format "Bits" in the type editor first.',
  openEditor: 'Open the type editor',
  help: "Each bit named here starts an event of its severity when the device sets it, with its text in the user's language: a fault or an alert shows on the device, in its fault records and in the event templates. Saving makes the next version of the register map, as the type editor does.",
};
