/** The layout settings panel opened from the gear in the top bar. */
export default {
  panel: {
    title: 'Page style settings',
    reset: 'Restore defaults',
  },
  themeColor: {
    label: 'Theme colour',
  },
  tagsView: {
    label: 'Open tags view',
  },
  fixedHeader: {
    label: 'Fixed header',
  },
  sidebarLogo: {
    label: 'Sidebar logo',
  },
};
