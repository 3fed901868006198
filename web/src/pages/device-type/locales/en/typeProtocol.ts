/** /device-type/type-config/protocol/{id}/{alias}/{language}: a type's protocol document (issue 20). */
export default {
  title: 'Protocol of {code}',
  notFound: 'No such controller type, version or language.',
  name: 'Name',
  saved: 'Saved',
  open: 'Protocol',
};
