/** What the operation log records of this area; each is named in the area's messages as `action.<name>`. */
export const actions = [
  'event.ruleCreate',
  'event.ruleUpdate',
  'event.ruleEnable',
  'event.ruleCopy',
  'event.ruleDelete',
  'event.ack',
  'event.comment',
  'event.assign',
] as const;
