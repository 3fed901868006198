import {
  boxDetail,
  controllerTypeDetail,
  controllerTypeSummary,
  deviceCounts,
  deviceDetail,
  devicePage,
  writeResult,
  type BoxDetail,
  type ControllerTypeDetail,
  type ControllerTypeSummary,
  type DeviceCounts,
  type DeviceDetail,
  type DeviceInfoBody,
  type DeviceQuery,
  type WriteResult,
} from '@dms/contract';
import { z } from 'zod';
import { request } from './client';

/** /devices, /boxes/{id} and /controller-types calls of the device pages (list, detail, box, event templates). */

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** The devices the user sees, filtered, sorted and paged on the server. */
export function getDevices(query: DeviceQuery, signal?: AbortSignal): Promise<z.infer<typeof devicePage>> {
  return request({ path: '/devices', query: { ...query }, ...withSignal(signal) }, devicePage);
}

/** How many of the user's devices matching `q` are in each status. */
export function getDeviceCounts(q: string | undefined, signal?: AbortSignal): Promise<DeviceCounts> {
  return request({ path: '/devices/counts', query: { q }, ...withSignal(signal) }, deviceCounts);
}

/**
 * One device. Failures are not shown by the request layer: the page turns 40300 into /401 and 40400 into /404.
 */
export function getDevice(boxId: number, controller: number, signal?: AbortSignal): Promise<DeviceDetail> {
  return request({ path: `/devices/${boxId}/${controller}`, errorDisplay: 'none', ...withSignal(signal) }, deviceDetail);
}

/** Changes a device's information; answers the device. Failures are shown by the form. */
export function updateDevice(boxId: number, controller: number, body: DeviceInfoBody): Promise<DeviceDetail> {
  return request({ method: 'PATCH', path: `/devices/${boxId}/${controller}`, body, errorDisplay: 'none' }, deviceDetail);
}

/** Writes a register (value in engineering units); the outcome (acknowledged, rejected, timed out) is the answer. */
export function writeRegister(boxId: number, controller: number, register: number, value: number): Promise<WriteResult> {
  return request(
    { method: 'POST', path: `/devices/${boxId}/${controller}/registers/${register}`, body: { value }, errorDisplay: 'none' },
    writeResult,
  );
}

/** One cloud box; failures handled by the page like getDevice. */
export function getBox(boxId: number, signal?: AbortSignal): Promise<BoxDetail> {
  return request({ path: `/boxes/${boxId}`, errorDisplay: 'none', ...withSignal(signal) }, boxDetail);
}

export function getControllerTypes(signal?: AbortSignal): Promise<ControllerTypeSummary[]> {
  return request({ path: '/controller-types', ...withSignal(signal) }, z.array(controllerTypeSummary));
}

const typeCache = new Map<number, Promise<ControllerTypeDetail>>();

/** One controller type with its register map (kept for the session: register maps change only with configuration). */
export function getControllerType(id: number): Promise<ControllerTypeDetail> {
  let pending = typeCache.get(id);
  if (!pending) {
    pending = request({ path: `/controller-types/${id}` }, controllerTypeDetail);
    pending.catch(() => typeCache.delete(id));
    typeCache.set(id, pending);
  }
  return pending;
}
