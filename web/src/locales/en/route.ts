/** Route and menu titles (page title, sidebar, breadcrumb, tags, route search). */
export default {
  login: 'Login',
  mlogin: 'Login',
  authRedirect: 'Signing in',
  dashboard: 'Dashboard',
  profile: 'Profile',
  notFound: 'Page not found',
  unauthorized: 'No permission',
};
