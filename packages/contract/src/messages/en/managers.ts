/** Sub-managers, assignment, add-device (claim), CK group calls (issue 12). */
export default {
  'error.boxNotRegistered': 'No box is registered with this id.',
  'error.wrongCk': 'The CK code does not match this box.',
  'error.boxHeldElsewhere': 'This box belongs to {company}. Ask them to release it.',
  'error.tooManyClaims': 'Too many wrong CK codes. Try again in {minutes} minutes.',
  'error.notBelowYou': 'This user is not below you.',
};
