import { describe, expect, it } from 'vitest';
import { confined, withMotion } from './EChart';

describe('confined', () => {
  it('keeps a tooltip inside its chart unless the option says otherwise', () => {
    expect(confined({ tooltip: { trigger: 'axis' } })).toEqual({ tooltip: { trigger: 'axis', confine: true } });
    expect(confined({ tooltip: { confine: false } })).toEqual({ tooltip: { confine: false } });
    expect(confined({ tooltip: [{ trigger: 'item' }, { confine: false }] })).toEqual({
      tooltip: [{ trigger: 'item', confine: true }, { confine: false }],
    });
  });

  it('leaves an option without a tooltip as it is', () => {
    const option = { series: [] };
    expect(confined(option)).toBe(option);
  });
});

describe('withMotion', () => {
  it('draws a chart at once for a user who asked for less motion, and animated otherwise', () => {
    expect(withMotion({ series: [] }, true)).toEqual({ series: [], animation: false });
    expect(withMotion({ series: [] }, false)).toEqual({ series: [], animation: true });
  });

  it('leaves an option that says whether it animates as it is', () => {
    const option = { animation: true, series: [] };
    expect(withMotion(option, true)).toBe(option);
  });
});
