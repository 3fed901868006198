/** The dashboard: welcome and the pages the user's roles open. */
export default {
  welcome: {
    greeting: 'Welcome, {name}',
    roles: 'Roles',
    level: 'User level',
    ck: 'CK code',
    manager: 'Manager account',
    yes: 'Yes',
    no: 'No',
  },
  pages: {
    title: 'Your pages',
    open: 'Open',
  },
  page: {
    profile: 'Your account details and password.',
    changePassword: 'Change the password you sign in with.',
    operationLog: 'Who did what, when, and from where.',
    serverLog: 'Errors recorded by the server and reported by consoles.',
  },
};
