/** Words the whole console shares: the product name, generic states and the request layer's messages. */
export default {
  app: {
    title: 'Device monitoring system',
  },
  action: {
    ok: 'OK',
    cancel: 'Cancel',
    back: 'Back',
    backHome: 'Back to the dashboard',
    refresh: 'Refresh',
    apply: 'Apply',
    chooseFile: 'Choose a file',
  },
  state: {
    loading: 'Loading…',
    loadingUser: 'Loading your account…',
    hasError: 'Has Error',
  },
  request: {
    timeout: 'The server did not answer in time. Please try again.',
    network: 'Could not reach the server. Check your connection and try again.',
    badResponse: 'The server sent an answer the console does not understand (HTTP {status}).',
  },
  loggedOut: {
    title: 'Confirm logout',
    content: 'You have been logged out, you can cancel to stay on this page, or log in again',
    relogin: 'Log in again',
    cancel: 'Cancel',
  },
  warning: {
    title: 'Warning',
  },
  document: {
    inUse: 'In use (v{version})',
    version: 'Version {version}',
    language: 'Language',
    print: 'Print',
    versionPick: 'Variant',
  },
  list: {
    andMore: 'and {count} more',
  },
};
