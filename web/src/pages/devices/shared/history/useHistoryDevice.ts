import type { ControllerTypeDetail, DeviceDetail, RegisterDef } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useMemo } from 'react';
import { deviceQueries } from '@/features/devices/queries';
import type { DeviceAddress } from '@/features/devices/params';
import { readableRegisters } from '@/features/devices/registers';
import { useLoadFailure } from '@/features/devices/useLoadFailure';

export interface HistoryDevice {
  device: DeviceDetail;
  /** The register map, or null while the device's type is unknown. */
  type: ControllerTypeDetail | null;
  /** Register definitions by number (every register of the map: names of records and columns). */
  registers: ReadonlyMap<number, RegisterDef>;
  /**
   * The registers whose values the user may read (readableRegisters: not those their template withholds, none of a
   * device whose data is hidden from them): the only ones a page offers, preselects or queries.
   */
  readable: readonly RegisterDef[];
}

/**
 * Loads the device and its register map for a history page (cached, shared with the detail page); null until both
 * are there. A malformed address (null) goes to /404; the API's 40300 (a device the user may not see) to /401 and
 * 40400 to /404, so a page is never left blank; another failure is shown as a message.
 */
export function useHistoryDevice(address: DeviceAddress | null): HistoryDevice | null {
  const { message } = App.useApp();
  const detail = useQuery({ ...deviceQueries.detail(address?.boxId ?? 0, address?.controller ?? 0), enabled: address !== null });
  const device = address ? detail.data : undefined;
  const typeId = device?.typeId ?? null;
  const type = useQuery({ ...deviceQueries.controllerType(typeId ?? 0), enabled: typeId !== null });
  const failure = useLoadFailure(detail.error ?? type.error, address === null);
  useEffect(() => {
    if (failure) void message.error(failure);
  }, [failure, message]);

  const typeData = typeId === null ? null : type.data;
  const registers = useMemo(() => new Map((typeData?.registers ?? []).map((r) => [r.number, r] as const)), [typeData]);
  // From the device's rights alone, so that live changes of the device (its values, its status) keep the same list.
  const reachData = device?.reach.data ?? false;
  const noRead = device?.template.noRead;
  const readable = useMemo(
    () => readableRegisters(typeData?.registers ?? [], { reach: { data: reachData }, template: { noRead: noRead ?? [] } }),
    [typeData, reachData, noRead],
  );
  return useMemo(
    () => (device && typeData !== undefined ? { device, type: typeData, registers, readable } : null),
    [device, typeData, registers, readable],
  );
}
