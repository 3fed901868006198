/** Route and menu titles (page title, sidebar, breadcrumb, tags, route search). */
export default {
  login: 'Login',
  mlogin: 'Login',
  authRedirect: 'Signing in',
  dashboard: 'Dashboard',
  profile: 'Profile',
  usermanager: 'User management',
  changePassword: 'Change password',
  operationLog: 'Operation log',
  datalog: 'Data log',
  serverLog: 'Server log',
  notFound: 'Page not found',
  unauthorized: 'No permission',
};
