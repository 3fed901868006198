/** Helpers, sharing and the switch right (issue 12). */
export default {
  'validation.helperType.invalid': 'Choose a helper type: operator, maintenance, inspector or other.',
  'error.usernameTaken': 'This user name is already taken.',
  'error.notYourDevice': 'You can share only devices you own.',
  'error.notShared': 'This device is not shared with this helper.',
  'error.notYourHelper': 'This helper is not yours.',
};
