/** Permission templates (issue 12). */
export default {
  'error.noRegisterWriteRight': 'Your permission template does not allow writing {register}.',
  'error.templateNotFound': 'No such permission template.',
  'validation.template.name': "Please enter the template's name.",
  'validation.template.level': 'The level must be a whole number from 1 (root) to 8 (end user).',
  'validation.template.tooManyRights': 'A template may name at most 4,000 register rights.',
  'error.templateNameTaken': 'A template with this name already exists.',
  'error.templateBuiltin': 'The built-in templates cannot be deleted.',
  'error.templateInUse': '{count} user(s) hold this template; give them another one first.',
  'error.templateUnknownRegister': 'Controller type {typeId} has no register {register}.',
  'error.templateWriteOnlyWritable': 'Register {register} of type {typeId} is not writable.',
  'error.noRegisterReadRight': 'Your permission template does not let you read register {register}.',
  'error.templateBuiltinName': 'The built-in templates keep their names.',
  'error.templateNameBuiltin': 'This name belongs to a built-in template; choose another.',
  'error.templateRightTwice': 'Register {register} of type {typeId} is named twice; name each register once.',
  // The operation log's name of each action (actions.ts).
  'action.template.create': 'Create a template',
  'action.template.save': 'Save a template',
  'action.template.delete': 'Delete a template',
};
