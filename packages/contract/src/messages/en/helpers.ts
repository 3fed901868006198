/** Helpers, sharing and the switch right (issue 12). */
export default {
  'error.notYourHelper': 'This helper is not yours.',
};
