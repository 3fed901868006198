import { App, Button, Popconfirm } from 'antd';
import type { EndpointSpec } from '@dms/contract';
import { useInvalidate } from '@/api/invalidate';
import type { ListControl } from './list-control';

export interface DeleteRowButtonProps<F, S extends string> {
  /** The confirm's question, naming the row. */
  confirm: string;
  label: string;
  /** data-testid of the button; the confirm's OK is `okTestId`. */
  testId: string;
  okTestId: string;
  /** The delete call; a refusal is shown by the request layer and changes nothing. */
  remove: () => Promise<unknown>;
  /** Said once it is done. */
  deleted: string;
  /** The reads the delete changes. */
  invalidates: readonly EndpointSpec[];
  /** The list the row is on, and how many rows its page shows. */
  list: ListControl<F, S>;
  rowsOnPage: number;
}

/**
 * A list row's delete: asks first, says when it is done, reads the list again, and goes back a page when the row was
 * the last one of a later page.
 */
export function DeleteRowButton<F, S extends string>({
  confirm,
  label,
  testId,
  okTestId,
  remove,
  deleted,
  invalidates,
  list,
  rowsOnPage,
}: DeleteRowButtonProps<F, S>) {
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const { page, pageSize } = list.params;
  return (
    <Popconfirm
      title={confirm}
      okButtonProps={{ danger: true, 'data-testid': okTestId }}
      onConfirm={() =>
        void remove().then(() => {
          void message.success(deleted);
          void invalidate(invalidates);
          if (rowsOnPage === 1 && page > 1) list.setPage(page - 1, pageSize);
        })
      }
    >
      <Button type="link" size="small" danger data-testid={testId}>
        {label}
      </Button>
    </Popconfirm>
  );
}
