import { api } from '@dms/contract';

/** The reads a delete or a restore changes: the deleted boxes, and every list that shows the box or its devices. */
export const DELETE_CHANGES = [
  api.smartbox.deletedBoxes,
  api.devices.list,
  api.devices.counts,
  api.fleet.summary,
  api.fleet.map,
  api.boxRegInfo.list,
];
