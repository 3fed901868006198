/** What the operation log records of this area; each is named in the area's messages as `action.<name>`. */
export const actions = [
  'script.start',
  'script.undo',
  'script.resetPassword',
  'script.setBox',
  'script.resetBox',
  'script.restoreBox',
] as const;
