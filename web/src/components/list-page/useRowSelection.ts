import type { TableRowSelection } from 'antd/es/table/interface';
import { useMemo, useState } from 'react';

/**
 * Rows a list lets the user tick for a bulk action, by a numeric key: the ids ticked (kept across pages), the table's
 * `rowSelection` (each box's test id `<testId>-<key>`), and `clear` once the action is done.
 */
export function useRowSelection<T>(keyOf: (row: T) => number, testId: string) {
  const [selected, setSelected] = useState<number[]>([]);
  const rowSelection = useMemo<TableRowSelection<T>>(
    () => ({
      selectedRowKeys: selected,
      preserveSelectedRowKeys: true,
      onChange: (keys) => {
        setSelected(keys.map(Number));
      },
      getCheckboxProps: (row: T) => ({ 'data-testid': `${testId}-${keyOf(row)}` }) as object,
    }),
    [selected, keyOf, testId],
  );
  return {
    selected,
    rowSelection,
    clear: () => {
      setSelected([]);
    },
  };
}
