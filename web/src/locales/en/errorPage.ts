/** The 404 and 401 pages. */
export default {
  notFound: {
    headline: 'This page does not exist',
    hint: 'Check the address, or go back to the dashboard.',
  },
  unauthorized: {
    headline: 'You do not have permission to open this page',
    hint: 'Ask an administrator if you need it, or go back.',
  },
};
