/** The open-page tabs under the top bar and their context menu. */
export default {
  menu: {
    refresh: 'Refresh',
    close: 'Close',
    closeOthers: 'Close others',
    closeAll: 'Close all',
  },
  tag: {
    close: 'Close {title}',
  },
  label: 'Open pages',
};
