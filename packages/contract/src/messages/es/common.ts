import type { AreaMessages } from '../types.js';

const common: AreaMessages<'common'> = {
  'error.forbidden': 'No tiene permiso para hacer esto.',
  'error.notFound': 'No encontrado.',
  'error.internal': 'Algo ha fallado en el servidor. Vuelva a intentarlo más tarde.',
  'error.serviceUnavailable': 'Una parte que el servidor necesita no está disponible; vuelva a intentarlo más tarde.',
  'error.payloadTooLarge': 'La solicitud es demasiado grande.',
  'error.upload.notFile': 'Envíe el archivo mismo como cuerpo (application/octet-stream).',
  'error.uriTooLong': 'La dirección de la solicitud es demasiado larga.',
  'error.headersTooLarge': 'Las cabeceras de la solicitud son demasiado grandes.',
  'error.unsupportedMediaType': 'El cuerpo de la solicitud debe enviarse como JSON (Content-Type: application/json).',
  'error.badJson': 'El cuerpo de la solicitud no es JSON válido.',
  'error.emptyBody': 'El cuerpo de la solicitud está vacío.',
  'error.badUrl': 'La dirección de la solicitud no es válida.',
  'error.badRequest': 'La solicitud está mal formada.',
  'error.requestTimeout': 'La solicitud no llegó a tiempo.',
  'error.tooManyRequests': 'Demasiadas solicitudes. Vuelva a intentarlo dentro de {seconds} segundos.',
};
export default common;
