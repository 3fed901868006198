/** Signed-in sessions (issue 27): one's own on the profile, every user's on /tools/sessions (root). */
export default {
  title: 'Signed-in sessions',
  column: {
    user: 'User',
    browser: 'Browser',
    address: 'Address',
    signedIn: 'Signed in',
    lastActive: 'Last active',
  },
  current: 'This session',
  unknownBrowser: 'Unknown browser',
  end: 'End',
  endConfirm: 'End this session? Whoever uses it is signed out at once.',
  ended: 'The session was ended.',
  endOthers: 'End all other sessions',
  endOthersConfirm: 'End every session of yours but this one? Each is signed out at once.',
  endedOthers: '{count, plural, =0 {There was no other session to end.} one {# session was ended.} other {# sessions were ended.}}',
  total: '{total, plural, one {# session} other {# sessions}}',
  search: 'User name',
};
