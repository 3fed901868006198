/** /tools: root's tools (the cache tool, /tools/redis). */
export default {
  route: {
    group: 'Tools',
    redis: 'Cache (Redis)',
    sessions: 'Signed-in sessions',
  },
  redis: {
    memoryMode:
      "No Redis is set (REDIS_URL): this server keeps this state in its own memory. It is shown here named as Redis would hold it, and it can't be deleted.",
    server: {
      title: 'The Redis server',
      version: 'Version',
      memory: 'Memory used',
      keys: 'Keys in its database',
      uptime: 'Running for',
      clients: 'Connections',
      prefix: "The product's key prefix",
      channels: 'Channels (listening)',
      noChannels: 'None',
    },
    group: {
      login: 'Sign-in protection',
      members: 'Live servers',
      export: 'Export jobs',
      'export-file': 'Export files',
      values: 'Latest values',
    },
    groupHelp: {
      login:
        'Failed sign-ins by user name on an address, by address and by user name, each kept for the window the protection counts. Deleting a key lets that address or user name try again at once.',
      members:
        'The servers running now, each renewing itself every second; the once-only work (retention, rollups, the session prune) runs on the server that leads it. Never deleted here.',
      export: 'Export jobs and their progress, until their file is downloaded or expires.',
      'export-file': 'Finished export files waiting for their download (taken once). Only their size and kind are shown.',
      values:
        "Each box's latest values, as the server answering holds them in its memory (every server holds them; they are not kept in Redis).",
    },
    where: {
      redis: 'In Redis',
      memory: "In this server's memory",
    },
    column: {
      key: 'Key',
      type: 'Type',
      ttl: 'Expires in',
      size: 'Size',
    },
    never: 'Never',
    search: 'Part of the key name',
    total: '{total, plural, one {# key} other {# keys}}',
    capped: 'More than {limit} keys: only the first {limit} by name are listed. Search to narrow them down.',
    deleteKey: 'Delete',
    deleteListed: 'Delete all listed',
    deleted: '{count, plural, one {# key deleted.} other {# keys deleted.}}',
    empty: 'No keys here now.',
    detail: {
      title: 'Key',
      group: 'Group',
      entries: '{shown} of {total} entries shown',
      noEntries: 'It holds nothing.',
    },
    rows: {
      failures: { name: 'Attempt', time: 'At' },
      members: { name: 'Server (* this one)', text: 'Leads', time: 'Expires unless renewed' },
      fields: { name: 'Field', text: 'Value' },
      file: { name: 'Fact', text: 'Value' },
      values: { name: 'Controller / register', text: 'Value', time: 'At' },
      raw: { name: '#', text: 'Value' },
    },
    file: {
      bytes: 'Size',
      kind: 'Kind',
    },
  },
};
