import type { MapPoint } from '@dms/contract';
import { detailPath } from '../shared/links';

/** The link to a device's own page, by its kind (controller, plcController or maglev-controller). */
export function deviceLink(p: Pick<MapPoint, 'boxId' | 'controller' | 'kind'>): string {
  return detailPath(p.kind, p.boxId, p.controller);
}
