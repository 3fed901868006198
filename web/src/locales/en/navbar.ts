/** The top bar: hamburger, breadcrumb, route search, fullscreen, size, language and user menu. */
export default {
  hamburger: {
    toggle: 'Show or hide the menu',
  },
  breadcrumb: {
    label: 'Where you are',
  },
  search: {
    placeholder: 'Search pages',
    noMatch: 'No page matches',
  },
  fullscreen: {
    enter: 'Full screen',
    exit: 'Exit full screen',
    unsupported: 'Your browser does not support full screen',
  },
  size: {
    label: 'Global size',
    default: 'Default',
    medium: 'Medium',
    small: 'Small',
    mini: 'Mini',
    success: 'Switch Size Success',
  },
  language: {
    label: 'Language',
    success: 'Switch Language Success',
  },
  settings: {
    open: 'Layout settings',
  },
  user: {
    menu: 'Account menu',
    dashboard: 'Dashboard',
    profile: 'Profile',
    logout: 'Log out',
  },
};
