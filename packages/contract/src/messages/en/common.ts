/** Errors any request may meet. */
export default {
  'error.forbidden': 'You do not have permission to do this.',
  'error.notFound': 'Not found.',
  'error.internal': 'Something went wrong on the server. Please try again later.',
  'error.payloadTooLarge': 'The request is too large.',
};
