/** Permission templates (issue 12). */
export default {
  'error.templateNotFound': 'No such permission template.',
};
