import { describe, expect, it } from 'vitest';
import { tableWidth, wideOnly } from './table-width';

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

  it('with the screen, counts a column shown only on wide screens only where the screen is that wide', () => {
    const columns = [
      { key: 'a', width: 150 },
      { key: 'b', width: 130, responsive: ['xxxl' as const] },
      { key: 'c', width: 170, responsive: ['xxl' as const, 'xxxl' as const] },
      { key: 'd', width: 300 },
    ];
    expect(tableWidth<object>(columns, 120, { xs: true, sm: true, md: true, lg: true, xl: true })).toBe(450);
    expect(tableWidth<object>(columns, 120, { xl: true, xxl: true })).toBe(620);
    expect(tableWidth<object>(columns, 120, { xl: true, xxl: true, xxxl: true })).toBe(750);
    // Without the screen every column counts, as before.
    expect(tableWidth<object>(columns)).toBe(750);
  });
});

describe('wideOnly', () => {
  it('limits a column to wide screens on a desktop, and not on a phone', () => {
    expect(wideOnly(false, 'xxl', 'xxxl')).toEqual({ responsive: ['xxl', 'xxxl'] });
    expect(wideOnly(true, 'xxl')).toEqual({});
  });
});
