import { describe, expect, it } from 'vitest';
import { confined } from './EChart';

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
