/** Box registration: box id ranges, push times, the owner, the credentials download. */
export default {
  'validation.boxId.range': 'A box id must be at most 2147483647',
  'validation.boxId.order': 'The end box id must not be less than the start box id',
  'validation.boxId.tooMany': 'One registration may cover at most 1000 boxes',
  'validation.labels.tooMany': 'One label sheet may cover at most 500 boxes',
  'error.noBoxesInRange': 'No box from {start} to {end} is registered.',
  'validation.pushTimes.range': 'Push times must be between 0 and 10',
  'error.boxAlreadyRegistered': 'These box ids are already registered: {boxIds}',
  'error.userNotFound': 'No such user.',
  'error.downloadExpired': 'This download has expired or was already used.',
  // The operation log's name of each action (actions.ts).
  'action.box.register': 'Register boxes',
  'action.box.voidLabels': 'Void claim labels',
};
