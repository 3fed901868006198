import { describe, expect, it } from 'vitest';
import { splitNames } from './split-names';

describe('splitNames', () => {
  it('takes names one per line, or between commas, semicolons and spaces (full-width too), once each', () => {
    expect(splitNames('alice\nbob, carol;dave  erin，fay、alice\n\n')).toEqual(['alice', 'bob', 'carol', 'dave', 'erin', 'fay']);
    expect(splitNames(' \n , ')).toEqual([]);
  });
});
