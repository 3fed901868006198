/** Sub-managers, assignment, add-device (claim), CK group calls (issue 12). */
export default {
  'error.notBelowYou': 'This user is not below you.',
};
