/** Sub-managers, assignment, add-device (claim), CK group calls (issue 12). */
export default {
  'error.boxNotRegistered': 'No box is registered with this id.',
  'error.wrongCk': 'The CK code does not match this box.',
  'error.boxHeldElsewhere': 'This box belongs to {company}. Ask them to release it.',
  'error.tooManyClaims': 'Too many wrong CK codes. Try again in {minutes} minutes.',
  'error.notBelowYou': 'This user is not below you.',
  'validation.batch.empty': 'Choose at least one device.',
  'validation.batch.tooMany': 'At most 1,000 devices in one batch.',
  'error.notYourManager': 'This sub-manager is not yours.',
  'error.notYourDeviceToAssign': 'You can assign only devices you own.',
  'error.notAssignedByYou': 'You did not assign this device to this sub-manager.',
  'error.notAssignedToYou': 'This device was not assigned to you.',
  'error.notCkFactory': 'Only the factory of a CK group can do this.',
  'error.notInCkGroup': 'This user is not in your CK group below you.',
};
