import type { AreaMessages } from '../types.js';

const managers: AreaMessages<'managers'> = {
  'error.notBelowYou': 'Este usuario no está por debajo de usted.',
};
export default managers;
