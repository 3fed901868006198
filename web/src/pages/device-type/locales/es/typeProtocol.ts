/** /device-type/type-config/protocol/{id}/{alias}/{language}: el documento de protocolo de un tipo (issue 20). */
export default {
  title: 'Protocolo de {code}',
  notFound: 'No existe ese tipo de controlador, versión o idioma.',
  name: 'Nombre',
  saved: 'Guardado',
  open: 'Protocolo',
};
