/** The server log page (/datalog/server-log, root only). */
export default {
  filter: {
    source: 'Source',
    all: 'All sources',
    server: 'Server',
    console: 'Console',
  },
  column: {
    time: 'Time',
    source: 'Source',
    level: 'Level',
    message: 'Message',
    username: 'User',
    url: 'Address',
  },
  detail: {
    none: 'No detail recorded',
  },
  table: {
    total: '{total} entries',
    anonymous: 'Not signed in',
  },
};
