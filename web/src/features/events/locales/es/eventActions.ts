import type { LocaleArea } from '@/i18n/types';

/** An event's actions (issue 21): acknowledge, comment and assign, on the events log and a device's page. */
const eventActions: LocaleArea<'eventActions'> = {
  ack: 'Confirmar',
  ackTitle: 'Confirmar el evento',
  ackComment: 'Comentario (opcional)',
  acked: 'Se confirmó el evento.',
  ackedBy: 'Confirmado por {user}',
  about: '{rule} en el dispositivo {device}',
  comment: 'Comentar',
  commentCount: '{count, plural, one {# comentario} other {# comentarios}}',
  commentTitle: 'Comentarios del evento',
  commentText: 'Su comentario',
  commentOk: 'Añadir comentario',
  commented: 'Se añadió el comentario.',
  noComments: 'Aún no hay comentarios.',
  assign: 'Asignar',
  assignTitle: 'Dar el evento a un usuario para su seguimiento',
  assignUser: 'Nombre de usuario',
  assignHelp: 'Déjelo vacío para no dárselo a nadie.',
  assignOk: 'Guardar',
  assignedNow: 'Ahora lo tiene {user}.',
  assigned: 'Se dio el evento a {user}.',
  unassigned: 'El evento ya no es de nadie.',
  deviceTitle: 'Eventos de reglas',
  deviceCount: '{count, plural, one {# evento} other {# eventos}}',
  deviceNone: 'Ninguna regla ha iniciado un evento en este dispositivo.',
  inProgress: 'En curso',
  withheld: 'Valores ocultos',
  since: 'Desde {time}',
  between: 'De {from} a {to}',
};

export default eventActions;
