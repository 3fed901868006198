import type en from '../en/auth.js';
import type { DeepStrings } from '../../i18n/types.js';

const messages: DeepStrings<typeof en> = {
  loggedOutTitle: "Confirmar cierre de sesión",
  loggedOutContent: "Se ha cerrado su sesión; puede cancelar para quedarse en esta página o volver a iniciar sesión",
  relogin: "Volver a iniciar sesión",
  warningTitle: "Advertencia",
};

export default messages;
