/** What the operation log records of this area; each is named in the area's messages as `action.<name>`. */
export const actions = ['tools.redisRead', 'tools.redisDelete'] as const;
