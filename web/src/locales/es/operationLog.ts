import type { LocaleArea } from '@/i18n/types';

const operationLog: LocaleArea<'operationLog'> = {
  filter: {
    action: 'Acción',
    allActions: 'Todas las acciones',
    username: 'Nombre de usuario',
  },
  column: {
    time: 'Hora',
    username: 'Usuario',
    action: 'Acción',
    target: 'Objeto',
    oldValue: 'Valor anterior',
    newValue: 'Valor nuevo',
    outcome: 'Resultado',
    ip: 'Dirección IP',
  },
  action: {
    user: {
      login: 'Inicio de sesión',
      logout: 'Cierre de sesión',
      changePassword: 'Cambio de contraseña',
      ckPassword: 'Cambiar la contraseña de un usuario del grupo CK',
    },
    box: {
      register: 'Registro de cajas',
      claim: 'Añadir un equipo (reclamar una caja)',
    },
    device: {
      write: 'Escritura de registro',
      edit: 'Edición de la información del equipo',
      share: 'Compartir un equipo',
      recallShare: 'Retirar un equipo compartido',
      switchRight: 'Permiso de marcha/paro',
      assign: 'Asignar un equipo',
      recallAssign: 'Retirar una asignación',
      hide: 'Ocultar a los superiores',
    },
    helper: {
      add: 'Añadir un ayudante',
      password: 'Cambiar la contraseña de un ayudante',
      template: 'Cambiar la plantilla de un ayudante',
      delete: 'Eliminar un ayudante',
    },
    manager: {
      add: 'Añadir un subadministrador',
      password: 'Cambiar la contraseña de un subadministrador',
      template: 'Cambiar la plantilla de un subadministrador',
      disable: 'Desactivar un subadministrador',
      enable: 'Activar un subadministrador',
    },
    template: {
      create: 'Crear una plantilla',
      save: 'Guardar una plantilla',
      delete: 'Eliminar una plantilla',
    },
  },
  outcome: {
    ok: 'Correcto',
    failed: 'Fallido',
  },
  table: {
    total: '{total} entradas',
    noChange: 'No se registraron valores',
  },
};
export default operationLog;
