import type en from '../en/logs.js';
import type { DeepStrings } from '../../i18n/types.js';

const messages: DeepStrings<typeof en> = {
  time: "Hora",
  user: "Usuario",
  source: "Origen",
  level: "Nivel",
  message: "Mensaje",
  url: "Dirección",
  detail: "Detalle",
  sources: {
    server: "Servidor",
    console: "Consola",
  },
  action: "Acción",
  target: "Objeto",
  oldValue: "Valor anterior",
  newValue: "Valor nuevo",
  outcome: "Resultado",
  ip: "Dirección IP",
  outcomes: {
    ok: "Correcto",
    failed: "Fallido",
  },
  actions: {
    userLogin: "Inicio de sesión",
    userLogout: "Cierre de sesión",
    userChangePassword: "Cambio de contraseña",
  },
  filterUser: "Nombre de usuario",
};

export default messages;
