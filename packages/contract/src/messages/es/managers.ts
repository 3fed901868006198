import type { AreaMessages } from '../types.js';

const managers: AreaMessages<'managers'> = {
  'error.boxNotRegistered': 'No hay ninguna caja registrada con este id.',
  'error.wrongCk': 'El código CK no corresponde a esta caja.',
  'error.boxHeldElsewhere': 'Esta caja pertenece a {company}. Pídales que la liberen.',
  'error.tooManyClaims': 'Demasiados códigos CK erróneos. Vuelva a intentarlo en {minutes} minutos.',
  'error.notBelowYou': 'Este usuario no está por debajo de usted.',
  'validation.batch.empty': 'Elija al menos un equipo.',
  'validation.batch.tooMany': 'Como máximo 1.000 equipos por lote.',
  'error.notYourManager': 'Este subadministrador no es suyo.',
  'error.notYourDeviceToAssign': 'Solo puede asignar equipos de su propiedad.',
  'error.notAssignedByYou': 'Usted no asignó este equipo a este subadministrador.',
  'error.notAssignedToYou': 'Este equipo no le fue asignado.',
  'error.notCkFactory': 'Solo la fábrica de un grupo CK puede hacer esto.',
  'error.notInCkGroup': 'Este usuario no está en su grupo CK por debajo de usted.',
};
export default managers;
