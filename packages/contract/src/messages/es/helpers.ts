import type { AreaMessages } from '../types.js';

const helpers: AreaMessages<'helpers'> = {
  'error.notYourHelper': 'Este ayudante no es suyo.',
};
export default helpers;
