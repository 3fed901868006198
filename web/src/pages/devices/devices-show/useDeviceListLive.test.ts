import { describe, expect, it } from 'vitest';
import { TEST_SUMMARY } from '../shared/test-device';
import { patchDeviceRow } from './useDeviceListLive';

const summary = TEST_SUMMARY;

describe('a device list row kept live', () => {
  const page = { total: 1, items: [summary] };

  it('changes the status, run status and last seen of its row', () => {
    const next = patchDeviceRow(page, { type: 'status', device: 7, from: 'online', to: 'online_alert', time: 3000 });
    expect(next.items[0]).toMatchObject({ status: 'online_alert', runStatus: 'warning', lastSeen: 1000 });
    expect(patchDeviceRow(page, { type: 'values', device: 7, ts: 5000, values: {} }).items[0]?.lastSeen).toBe(5000);
  });

  it('gives back the same page when nothing changes', () => {
    expect(patchDeviceRow(page, { type: 'state', device: 7, status: 'online', ts: 900, values: {} })).toBe(page);
    expect(patchDeviceRow(page, { type: 'values', device: 8, ts: 5000, values: {} })).toBe(page);
  });
});
