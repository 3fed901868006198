/** Dynamic passwords and their quotas (/qrManage; docs/dynamic-password.md). */
export default {
  'validation.qrManage.device': 'Choose the device whose controller is locked.',
  'validation.qrManage.challenge': 'Enter the challenge the controller shows: six digits.',
  'validation.qrManage.mode': 'Choose what the password does: unlock for 1, 7 or 30 days, or for good.',
  'validation.qrManage.requestId': 'Each calculation needs its own key: 8 to 64 letters, digits, - or _.',
  'error.qrManage.noCk': 'Box {box} has no CK code, so its controllers have no factory key. Set its CK code first.',
  'error.qrManage.quotaUsedUp': 'Your password quota is used up. Ask your superior for more.',
  'validation.qrManage.user': 'Choose the user whose quota changes.',
  'validation.qrManage.change': 'Enter how many calculations to add or take back: a whole number from -100000 to 100000, not 0.',
  'error.qrManage.overYourQuota': 'An increase cannot exceed your remaining quota ({remaining}).',
  'error.qrManage.overTheirQuota': "A decrease cannot exceed the user's remaining quota ({remaining}).",
  'error.qrManage.notYourUser': 'You give quota only to the users directly below you.',
  'action.quota.change': 'Change a password quota',
};
