import type { ControllerKind } from '../controller-types/schemas.js';

/**
 * The console path of a device's own page (spec 2, docs/console.md), by its kind: compressor → controller, plc →
 * plcController, maglev → maglev-controller. The console's links and the server's messages (a notification's link)
 * use this one.
 */
export function detailPath(kind: ControllerKind | null, boxId: number, controller: number): string {
  const page = kind === 'plc' ? 'plcController' : kind === 'maglev' ? 'maglev-controller' : 'controller';
  return `/devices/${page}/${boxId}/${controller}`;
}
