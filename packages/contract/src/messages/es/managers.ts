import type { AreaMessages } from '../types.js';

const managers: AreaMessages<'managers'> = {
  'error.boxNotRegistered': 'No hay ninguna caja registrada con este id.',
  'error.wrongCk': 'El código CK no corresponde a esta caja.',
  'error.boxHeldElsewhere': 'Esta caja pertenece a {company}. Pídales que la liberen.',
  'error.tooManyClaims': 'Demasiados códigos CK erróneos. Vuelva a intentarlo en {minutes} minutos.',
  'error.notBelowYou': 'Este usuario no está por debajo de usted.',
};
export default managers;
