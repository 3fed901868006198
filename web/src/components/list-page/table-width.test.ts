import { describe, expect, it } from 'vitest';
import { tableWidth } from './table-width';

describe('tableWidth', () => {
  it('adds the columns’ widths, a group’s children’s and a fallback for a column without one', () => {
    expect(
      tableWidth<object>([
        { key: 'a', width: 100 },
        {
          key: 'b',
          title: 'group',
          children: [
            { key: 'c', width: 50 },
            { key: 'd', width: 70 },
          ],
        },
        { key: 'e' },
        { key: 'f', width: '20%' },
      ]),
    ).toBe(100 + 50 + 70 + 120 + 120);
  });
});
