/** /device-type/type-config/protocol/{id}/{alias}/{language}: a type's protocol document (issue 20). */
export default {
  title: 'Protocol of {code}',
  notFound: 'No such controller type, version or language.',
  alias: 'Variant',
  inUse: 'In use (v{version})',
  version: 'Version {version}',
  language: 'Language',
  print: 'Print',
  name: 'Name',
  saved: 'Saved',
  open: 'Protocol',
};
