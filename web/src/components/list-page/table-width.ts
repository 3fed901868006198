import type { TableColumnsType } from 'antd';

/**
 * The width a table's columns ask for together (their `width`s, a grouped column's children's; a column without a
 * number counts `fallback`), for `scroll={{ x: tableWidth(columns) }}`: the table then scrolls sideways only when the
 * page is narrower than its columns, and spreads them over a wider page, instead of always scrolling by its content.
 */
export function tableWidth<T>(columns: TableColumnsType<T>, fallback = 120): number {
  let total = 0;
  for (const column of columns) {
    if ('children' in column) total += tableWidth(column.children, fallback);
    else total += typeof column.width === 'number' ? column.width : fallback;
  }
  return total;
}
