import { describe, expect, it } from 'vitest';
import { chartsOf, defaultCharts } from './charts.js';

/** The charts a type's devices show (/device-type/chart), as the server reads them from the type's row. */
describe('chartsOf', () => {
  it("gives a type without a choice its kind's charts", () => {
    expect(chartsOf(null, 'maglev')).toEqual(['history-curves', 'kline', 'maglev-charts', 'maglev-region']);
    expect(chartsOf(null, 'compressor')).toEqual(['history-curves', 'kline']);
    expect(defaultCharts(null)).toEqual(['history-curves', 'kline']);
  });

  it("keeps the choice in the charts' order, and the maglev ones only while the type is a maglev blower", () => {
    expect(chartsOf('["kline","history-curves"]', 'plc')).toEqual(['history-curves', 'kline']);
    expect(chartsOf('["maglev-region","kline"]', 'maglev')).toEqual(['kline', 'maglev-region']);
    expect(chartsOf('["maglev-region","kline"]', 'compressor')).toEqual(['kline']);
    expect(chartsOf('[]', 'maglev')).toEqual([]);
  });

  it('reads what it cannot understand as the defaults', () => {
    expect(chartsOf('not json', 'plc')).toEqual(['history-curves', 'kline']);
    expect(chartsOf('["pie"]', 'plc')).toEqual(['history-curves', 'kline']);
  });
});
