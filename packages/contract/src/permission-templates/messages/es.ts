import type { AreaMessages } from '../../messages/types.js';

const templates: AreaMessages<'permissionTemplates'> = {
  'error.noRegisterWriteRight': 'Su plantilla de permisos no permite escribir {register}.',
  'error.templateNotFound': 'No existe esa plantilla de permisos.',
  'validation.template.name': 'Escriba el nombre de la plantilla.',
  'validation.template.level': 'El nivel debe ser un entero de 1 (root) a 8 (usuario final).',
  'validation.template.tooManyRights': 'Una plantilla puede nombrar como máximo 4.000 permisos de registro.',
  'error.templateNameTaken': 'Ya existe una plantilla con este nombre.',
  'error.templateBuiltin': 'Las plantillas integradas no se pueden eliminar.',
  'error.templateInUse': '{count} usuario(s) tienen esta plantilla; asígneles otra primero.',
  'error.templateUnknownRegister': 'El tipo de controlador {typeId} no tiene el registro {register}.',
  'error.templateWriteOnlyWritable': 'El registro {register} del tipo {typeId} no se puede escribir.',
  'error.noRegisterReadRight': 'Su plantilla de permisos no le permite leer el registro {register}.',
  'error.templateBuiltinName': 'Las plantillas integradas conservan su nombre.',
  'error.templateNameBuiltin': 'Este nombre pertenece a una plantilla integrada; elija otro.',
  'error.templateRightTwice': 'El registro {register} del tipo {typeId} aparece dos veces; nombre cada registro una sola vez.',
  // The operation log's name of each action (actions.ts).
  'action.template.create': 'Crear una plantilla',
  'action.template.save': 'Guardar una plantilla',
  'action.template.delete': 'Eliminar una plantilla',
};
export default templates;
