/** /tools/redis: the cache tool (root). */
export default {
  'action.tools.redisRead': 'Read a cache key',
  'action.tools.redisDelete': 'Delete cache keys',
  'validation.tools.key': "Name one of the product's keys: members, or a key that begins with login:, export:, export-file: or values:.",
  'validation.tools.search': 'Search with at most 200 characters.',
  'tools.deleteKeyConfirm': 'The key {key} will be deleted. It cannot be undone. Continue?',
  'tools.deleteGroupConfirm': '{count} key(s) under {pattern} will be deleted. It cannot be undone. Continue?',
  'tools.deleteSearchConfirm': '{count} key(s) under {pattern} with "{q}" in the name will be deleted. It cannot be undone. Continue?',
  'error.tools.readOnly': 'Without Redis (REDIS_URL) this server keeps its state in its own memory, and the cache tool only shows it.',
  'error.tools.membersKept': 'The running servers write {key} again every second, so it is not deleted here.',
  'error.tools.valuesKept': "The latest values are kept in each server's memory, not in Redis: there is nothing to delete.",
  'error.tools.keyGone': 'The key {key} is not there any more: it expired or was deleted.',
  'error.tools.nothingToDelete': 'No key matches, so nothing was deleted.',
  'error.tools.redisAway': 'Redis does not answer now. Try again in a moment.',
};
