/** The controller type list (spec 2 /device-type/type-config). */
export const TYPE_CONFIG_PATH = '/device-type/type-config';
/** A type's editor (spec 2 /device-type/type-config/edit/{id}). */
export const typeEditPath = (id: number) => `/device-type/type-config/edit/${id}`;
/** A type's map uploaded in one language (spec 2 /device-type/type-config/upload/{id}/{language}). */
export const typeUploadPath = (id: number, language: string) => `/device-type/type-config/upload/${id}/${language}`;
/** A type's protocol document: the map the alias names, in one language (spec 2 /device-type/type-config/protocol/{id}/{alias}/{language}). */
export const typeProtocolPath = (id: number, alias: string, language: string) =>
  `/device-type/type-config/protocol/${id}/${alias}/${language}`;
/** What a type's devices' detail pages show, per alias (spec 2 /device-type/type-config/page/{id}/{alias}). */
export const typePagePath = (id: number, alias: string) => `/device-type/type-config/page/${id}/${encodeURIComponent(alias)}`;
/** Model codes and the types they stand for (spec 2 /device-type/relation). */
export const RELATION_PATH = '/device-type/relation';
/** Which bits of each type's registers mean a fault, an alert or information (spec 2 /device-type/type-events). */
export const TYPE_EVENTS_PATH = '/device-type/type-events';
/** Which charts each type's devices show (spec 2 /device-type/chart). */
export const TYPE_CHARTS_PATH = '/device-type/chart';
/** The permission template pages (spec 2 /device-type). */
export const PERMISSION_PATH = '/device-type/permission';
export const permissionModifyPath = (id: number) => `/device-type/permission/modify/${id}`;
/** The CK codes, the box-CK table and its history (spec 2 /device-type/CK-config). */
export const CK_CONFIG_PATH = '/device-type/CK-config';
/** The types a CK code's boxes' devices may take (spec 2 /device-type/CK-config/model/{ck}). */
export const ckModelPath = (ck: string) => `/device-type/CK-config/model/${ck}`;
