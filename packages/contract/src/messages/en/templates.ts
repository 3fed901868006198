/** Permission templates (issue 12). */
export default {
  'error.noRegisterWriteRight': 'Your permission template does not allow writing {register}.',
  'error.templateNotFound': 'No such permission template.',
};
