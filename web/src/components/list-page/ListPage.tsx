import { Card } from 'antd';
import type { ReactNode } from 'react';
import { ListTable, type ListTableProps } from './ListTable';

export interface ListPageProps<T, F, S extends string> extends Omit<ListTableProps<T, F, S>, 'title'> {
  className?: string;
  title?: ReactNode;
  /** Actions in the card's head: create, export (ExportButton), refresh (RefreshButton). */
  extra?: ReactNode;
  /** The filters above the table. */
  toolbar?: ReactNode;
}

/**
 * The standard form of a list screen: a card with its title and actions, the filters, and the table paged, sorted
 * and filtered on the server. A list is its columns, a ListControl (useListParams: the URL keeps the filters), a
 * query (`usePagedQuery(endpointQuery(api.<area>.<call>, { query }))`) and, when it follows live events, a hook that
 * invalidates or patches that query.
 */
export function ListPage<T extends object, F, S extends string>({ className, title, extra, toolbar, ...table }: ListPageProps<T, F, S>) {
  return (
    <Card className={className ? `dms-list-page ${className}` : 'dms-list-page'} title={title} extra={extra}>
      {toolbar}
      <ListTable<T, F, S> {...table} />
    </Card>
  );
}
