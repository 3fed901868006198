import type { Breakpoint, TableColumnsType } from 'antd';

/** Which of antd's breakpoints the screen reaches (`Grid.useBreakpoint()`). */
export type Screens = Partial<Record<Breakpoint, boolean>>;

/**
 * The width a table's columns ask for together (their `width`s, a grouped column's children's; a column without a
 * number counts `fallback`), for `scroll={{ x: tableWidth(columns) }}`: the table then scrolls sideways only when the
 * page is narrower than its columns, and spreads them over a wider page, instead of always scrolling by its content.
 * With `screens`, a column shown only on some screens (`responsive`, see `wideOnly`) counts only where it is shown.
 */
export function tableWidth<T>(columns: TableColumnsType<T>, fallback = 120, screens?: Screens): number {
  let total = 0;
  for (const column of columns) {
    if (screens && column.responsive && !column.responsive.some((b) => screens[b])) continue;
    if ('children' in column) total += tableWidth(column.children, fallback, screens);
    else total += typeof column.width === 'number' ? column.width : fallback;
  }
  return total;
}

/**
 * Shows a secondary column of a list only on the wide screens `on` (antd's `responsive`), so the list fits a desktop's
 * card without sideways scrolling; on a phone, where the table scrolls sideways as a whole, always.
 */
export function wideOnly(mobile: boolean, ...on: Breakpoint[]): { responsive?: Breakpoint[] } {
  return mobile ? {} : { responsive: on };
}
