import { describe, expect, it } from 'vitest';
import { TEST_DEVICE } from '@/features/devices/test-device';
import type { ControllerTypeDetail } from '@dms/contract';
import { applyDeviceEvent, faultsMayChange, replaceDevice } from '@/features/devices/detail/device-live';

const device = TEST_DEVICE;

describe('a device detail kept live', () => {
  it('merges newer values and moves last seen on', () => {
    const next = applyDeviceEvent(device, { type: 'values', device: 7, ts: 2000, values: { '40002': 72 } });
    expect(next).toMatchObject({ latest: { ts: 2000, values: { '40001': 2, '40002': 72 } }, lastSeen: 2000 });
  });

  it('ignores another device, and a state no newer than what it has', () => {
    expect(applyDeviceEvent(device, { type: 'values', device: 8, ts: 2000, values: { '40002': 72 } })).toBe(device);
    expect(applyDeviceEvent(device, { type: 'state', device: 7, status: 'online', ts: 1000, values: { '40002': 1 } })).toBe(device);
    expect(applyDeviceEvent(device, { type: 'state', device: 7, status: 'online', ts: null, values: {} })).toBe(device);
  });

  it('reloads when the state on subscribing has another status', () => {
    expect(applyDeviceEvent(device, { type: 'state', device: 7, status: 'online_fault', ts: 1000, values: {} })).toBe('reload');
  });

  it('takes a status change with its transition first', () => {
    const next = applyDeviceEvent(device, { type: 'status', device: 7, from: 'online', to: 'online_fault', time: 3000 });
    expect(next).toMatchObject({ status: 'online_fault', runStatus: 'fault' });
    expect(next !== 'reload' && next.transitions[0]).toEqual({ time: 3000, from: 'online', to: 'online_fault' });
  });

  it('reloads the active faults on a status change or new fault bits, not on other values', () => {
    const bits = (severity: 'fault' | 'info') => [{ bit: 0, severity, name: { en: 'a', zh: 'a', es: 'a', ja: 'a' } }];
    const register = (number: number, severity: 'fault' | 'info') =>
      ({ number, key: `r${number}`, format: 'bits', bits: bits(severity) }) as unknown as ControllerTypeDetail['registers'][number];
    const type = { registers: [register(40050, 'fault'), register(40052, 'info')] } as unknown as ControllerTypeDetail;
    const values = (v: Record<string, number>) => ({ type: 'values' as const, device: 7, ts: 2000, values: v });
    expect(faultsMayChange(device, type, { type: 'status', device: 7, from: 'online', to: 'online_fault', time: 3000 })).toBe(true);
    expect(faultsMayChange(device, type, values({ '40050': 5 }))).toBe(true);
    expect(faultsMayChange({ ...device, latest: { ts: 1000, values: { '40050': 5 } } }, type, values({ '40050': 5 }))).toBe(false);
    expect(faultsMayChange(device, type, values({ '40052': 1, '40002': 3 }))).toBe(false);
    expect(faultsMayChange(device, null, values({ '40050': 5 }))).toBe(false);
    expect(faultsMayChange(device, type, { ...values({ '40050': 5 }), device: 8 })).toBe(false);
  });

  it('keeps the live values and the longer transitions when the saved device replaces it', () => {
    const saved = { ...device, company: 'New Co', latest: { ts: 500, values: {} }, transitions: [] };
    expect(replaceDevice(device, saved)).toMatchObject({ company: 'New Co', latest: device.latest, transitions: device.transitions });
  });
});
