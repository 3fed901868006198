/** Exports: the row limit, a job not yet done. */
export default {
  'error.exportTooLarge': 'An export may hold at most {max} rows; narrow the filter.',
  'validation.timeZone': '{field} must be a time zone such as Asia/Shanghai or UTC',
  'error.exportNotReady': 'This export is not ready yet.',
  'error.exportLost': 'The server that was writing this export stopped. Please export again.',
};
