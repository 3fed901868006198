import { Table, type TableColumnsType, type TablePaginationConfig, type TableProps } from 'antd';
import type { SortOrder as AntdSortOrder } from 'antd/es/table/interface';
import { useMemo, type ReactNode } from 'react';
import type { ListControl } from './list-control';
import { PAGE_SIZES } from './list-params';
import type { PagedQuery } from './usePagedQuery';

export interface ListTableProps<T, F, S extends string> extends Omit<
  TableProps<T>,
  'columns' | 'dataSource' | 'loading' | 'onChange' | 'pagination'
> {
  list: ListControl<F, S>;
  page: PagedQuery<T>;
  /** Columns whose key is one of the list's sort keys get sorted on the server. */
  columns: TableColumnsType<T>;
  showTotal: (total: number) => ReactNode;
  /** More pagination settings (a small or simple pager). */
  pagination?: Omit<TablePaginationConfig, 'current' | 'pageSize' | 'total' | 'showTotal' | 'onChange'>;
}

/** Ascending, descending, ascending again: a sorted column never goes back to unsorted (the server always sorts). */
const DIRECTIONS: AntdSortOrder[] = ['ascend', 'descend', 'ascend'];

/** An antd Table paged and sorted on the server: its page, page size and sort are the list's (see ListControl). */
export function ListTable<T extends object, F, S extends string>({
  list,
  page,
  columns,
  showTotal,
  pagination,
  ...table
}: ListTableProps<T, F, S>) {
  const { params, sortKeys, defaultSort } = list;
  const sortable = useMemo(() => new Set<string>(sortKeys), [sortKeys]);

  const sorted = useMemo<TableColumnsType<T>>(
    () =>
      columns.map((column) => {
        if ('children' in column || typeof column.key !== 'string' || !sortable.has(column.key)) return column;
        const order: AntdSortOrder = params.sort === column.key ? (params.order === 'asc' ? 'ascend' : 'descend') : null;
        return { ...column, sorter: true, sortOrder: order, sortDirections: DIRECTIONS };
      }),
    [columns, sortable, params.sort, params.order],
  );

  const onChange: TableProps<T>['onChange'] = (pager, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      const key = one?.columnKey;
      const chosen =
        typeof key === 'string' && sortable.has(key) && one?.order ? (sortKeys.find((k) => k === key) ?? defaultSort) : defaultSort;
      list.setSort(chosen, one?.order === 'descend' ? 'desc' : 'asc');
      return;
    }
    list.setPage(pager.current ?? 1, pager.pageSize ?? params.pageSize);
  };

  return (
    <Table<T>
      {...table}
      columns={sorted}
      dataSource={page.data.items}
      loading={page.loading}
      onChange={onChange}
      pagination={{
        current: params.page,
        pageSize: params.pageSize,
        total: page.data.total,
        showSizeChanger: true,
        pageSizeOptions: [...PAGE_SIZES],
        showTotal,
        ...pagination,
      }}
    />
  );
}
