import { describe, expect, it } from 'vitest';
import { TEST_DEVICE } from '@/features/devices/test-device';
import { deviceViews } from './DeviceHeader';

/** The history views a device's pages link to follow the charts its type shows (/device-type/chart). */
describe('deviceViews', () => {
  it("lists the history, the charts its type shows and the fault records, in the console's order", () => {
    const maglev = {
      ...TEST_DEVICE,
      kind: 'maglev' as const,
      charts: ['history-curves', 'kline', 'maglev-charts', 'maglev-region'] as const,
    };
    expect(deviceViews({ ...maglev, charts: [...maglev.charts] }).map((v) => v.key)).toEqual([
      'history',
      'charts',
      'kline',
      'errorRecord',
      'maglevCharts',
      'maglevRegion',
    ]);
  });

  it('leaves out what its type does not show: no k-line, no curves', () => {
    expect(deviceViews({ ...TEST_DEVICE, charts: ['history-curves'] }).map((v) => v.key)).toEqual(['history', 'charts', 'errorRecord']);
    expect(deviceViews({ ...TEST_DEVICE, kind: 'plc', charts: [] }).map((v) => v.key)).toEqual(['plcHistory', 'errorRecord']);
  });
});
