import { describe, expect, it } from 'vitest';
import { TEST_SUMMARY } from '@/features/devices/test-device';
import { patchDeviceRow } from './useDeviceListLive';

const summary = TEST_SUMMARY;

describe('a device list row kept live', () => {
  const page = { total: 1, items: [summary] };

  it('changes the status, run status and last seen of its row', () => {
    const next = patchDeviceRow(page, { type: 'status', device: 7, from: 'online', to: 'online_alert', time: 3000 });
    expect(next.items[0]).toMatchObject({ status: 'online_alert', runStatus: 'warning', lastSeen: 1000 });
    expect(patchDeviceRow(page, { type: 'values', device: 7, ts: 5000, values: {} }).items[0]?.lastSeen).toBe(5000);
  });

  it('empties the active faults of a device back to normal, and keeps them while it is still faulted', () => {
    const fault = { kind: 'fault' as const, register: 40050, bit: 2, name: 'High discharge temperature', startedAt: 900 };
    const faulted = {
      total: 1,
      items: [{ ...summary, status: 'online_fault' as const, runStatus: 'fault' as const, activeFaults: [fault] }],
    };
    const offline = patchDeviceRow(faulted, { type: 'status', device: 7, from: 'online_fault', to: 'offline_fault', time: 3000 });
    expect(offline.items[0]?.activeFaults).toEqual([fault]);
    const recovered = patchDeviceRow(faulted, { type: 'status', device: 7, from: 'online_fault', to: 'online', time: 3000 });
    expect(recovered.items[0]).toMatchObject({ status: 'online', runStatus: 'normal', activeFaults: [], moreFaults: 0 });
  });

  it('gives back the same page when nothing changes', () => {
    expect(patchDeviceRow(page, { type: 'state', device: 7, status: 'online', ts: 900, values: {} })).toBe(page);
    expect(patchDeviceRow(page, { type: 'values', device: 8, ts: 5000, values: {} })).toBe(page);
  });
});
