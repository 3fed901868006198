export default {
  loggedOutTitle: 'Confirm logout',
  loggedOutContent: 'You have been logged out, you can cancel to stay on this page, or log in again',
  relogin: 'Log in again',
  warningTitle: 'Warning',
};
