/** Exports: the row limit, a job not yet done. */
export default {
  'error.exportTooLarge': 'An export may hold at most {max} rows; narrow the filter.',
  'error.exportNotReady': 'This export is not ready yet.',
};
