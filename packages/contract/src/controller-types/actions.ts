/** What the operation log records of this area; each is named in the area's messages as `action.<name>`. */
export const actions = [
  'type.create',
  'type.copy',
  'type.save',
  'type.delete',
  'type.charts',
  'type.page',
  'relation.save',
  'relation.delete',
] as const;
