/** Box images, their upload log and the box types (spec 2 /smartbox/upload). */
export const SMARTBOX_UPLOAD_PATH = '/smartbox/upload';
/** A box type's configuration uploaded in one language (spec 2 /smartbox/config/upload/{id}/{language}). */
export const boxConfigUploadPath = (id: number, language: string) => `/smartbox/config/upload/${id}/${language}`;
/** A box type's protocol document in one language (spec 2 /smartbox/config/protocol/{id}/{language}); `?version=n` a saved one. */
export const boxConfigProtocolPath = (id: number, language: string, version?: number) =>
  `/smartbox/config/protocol/${id}/${language}${version === undefined ? '' : `?version=${version}`}`;
