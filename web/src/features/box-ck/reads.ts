import { api } from '@dms/contract';

/** The reads a CK change touches: the codes, one code, the box-CK table, its history, and the types' device counts. */
export const CK_READS = [
  api.ck.list,
  api.ck.get,
  api.ck.boxes,
  api.ck.boxChanges,
  api.controllerTypes.relations,
  api.controllerTypes.unmapped,
];
