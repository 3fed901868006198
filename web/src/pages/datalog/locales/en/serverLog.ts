/** The server log page (/datalog/server-log, root only): the server's errors and the consoles' reports. */
export default {
  view: {
    label: 'Which errors',
    server: 'Server errors',
    console: 'Console errors',
  },
  column: {
    time: 'Time',
    level: 'Level',
    message: 'Message',
    username: 'User',
    url: 'Address',
    userAgent: 'Browser',
  },
  detail: {
    none: 'No detail recorded',
  },
  table: {
    total: '{total} entries',
    anonymous: 'Not signed in',
  },
  hint: {
    console:
      'Errors that signed-in consoles reported: at most 10 a minute per session, the newest 10,000 kept, apart from the server errors.',
  },
};
