/** Errors any request may meet (the one error handler, server/src/plugins/errors.ts, answers each of them). */
export default {
  'error.forbidden': 'You do not have permission to do this.',
  'error.notFound': 'Not found.',
  'error.internal': 'Something went wrong on the server. Please try again later.',
  'error.serviceUnavailable': 'A part the server needs is down; please try again later.',
  'error.payloadTooLarge': 'The request is too large.',
  'error.upload.notFile': 'Send the file itself as the body (application/octet-stream).',
  'error.uriTooLong': 'The address of the request is too long.',
  'error.headersTooLarge': 'The request headers are too large.',
  'error.unsupportedMediaType': 'The request body must be sent as JSON (Content-Type: application/json).',
  'error.badJson': 'The request body is not valid JSON.',
  'error.emptyBody': 'The request body is empty.',
  'error.badUrl': 'The address of the request is not valid.',
  'error.badRequest': 'The request is malformed.',
  'error.requestTimeout': 'The request did not arrive in time.',
  'error.tooManyRequests': 'Too many requests. Please try again in {seconds} seconds.',
};
