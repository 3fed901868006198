import type { AreaMessages } from '../types.js';

const helpers: AreaMessages<'helpers'> = {
  'validation.helperType.invalid': 'Elija un tipo de ayudante: operador, mantenimiento, inspector u otro.',
  'error.usernameTaken': 'Este nombre de usuario ya existe.',
  'error.notYourDevice': 'Solo puede compartir equipos que son suyos.',
  'error.notShared': 'Este equipo no está compartido con este ayudante.',
  'error.notYourHelper': 'Este ayudante no es suyo.',
};
export default helpers;
