import type { ControllerTypeDetail, DeviceDetail, RegisterDef } from '@dms/contract';

/** What each part of a device's page that its type's page configures reads: the device, its type's map, its values. */
export interface PagePartProps {
  device: DeviceDetail;
  type: ControllerTypeDetail | null;
  values: Record<string, number>;
}

/** The registers of the map that a page's list names, in its order (a number the map lacks is left out). */
export function pageRegisters(type: ControllerTypeDetail | null, numbers: readonly number[]): RegisterDef[] {
  const byNumber = new Map((type?.registers ?? []).map((r) => [r.number, r]));
  return numbers.flatMap((n) => byNumber.get(n) ?? []);
}
