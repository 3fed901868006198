import { REACH_NAMES } from '@dms/contract';
/** How the signed-in user reaches a device, on every device screen (docs/people.md). */
export default {
  how: REACH_NAMES.en,
  detail: {
    owner: 'You own this device.',
    ownerAssigned: 'You own this device: {user} assigned it to you.',
    assigned: 'You assigned it to {user}; you can recall it.',
    sharedSwitch: 'Shared with you by {user}, with the right to switch it on and off.',
    sharedView: 'Shared with you by {user}, to watch only.',
    ck: 'A box of your CK group, through {user}.',
    ckFactory: 'A box of your CK group.',
    admin: 'Administrators reach every device.',
  },
  dataHidden: 'Data hidden',
  hiddenByMe: 'Hidden from superiors',
  hiddenTitle: 'A sub-manager below you hid this device’s data',
  hiddenText: 'You assigned it to {user}. You can see that it exists and recall it, not its values, faults or history.',
  column: 'Access',
};
