/** Controller types as root manages them (issue 20). */
export default {
  'validation.type.code': 'The code is 1 to 64 lower-case letters, digits and hyphens, starting with a letter.',
  'validation.type.name': "Please enter the type's name in every language.",
  'error.typeCodeTaken': 'A controller type with the code {code} already exists.',
  'error.typeBuiltin': 'The built-in controller types cannot be deleted.',
  'error.typeInUse': '{count} device(s) use this controller type; give them another type first.',
  // The operation log's name of each action (actions.ts).
  'action.type.copy': 'Copy a controller type',
  'action.type.delete': 'Delete a controller type',
  'validation.relation.modelCode': 'The model code is 1 to 64 characters.',
  'validation.relation.type': 'Please choose a controller type.',
  'error.relationTypeUnknown': 'No such controller type.',
  'error.relationNotFound': 'No relation maps the model code {code}.',
  'action.relation.save': 'Map a model code to a type',
  'action.relation.delete': 'Remove a model code relation',
};
