/**
 * The database's tables: one file per area under schema/, joined into `Database` by `npm run areas`
 * (schema.generated.ts). A new area adds its file there, exporting its `…Tables`; nothing is listed by hand.
 */
export type * from './schema.generated.js';
