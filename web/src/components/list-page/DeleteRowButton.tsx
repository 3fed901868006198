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
  /** Red, as a delete is (default); false for an action that takes a row off its list harmlessly, such as a restore. */
  danger?: boolean;
}

/**
 * A list row's delete (or another action that takes the row off its list, such as a restore): asks first, says when it is done, reads the list again, and goes back a page when the row was
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
  danger = true,
}: DeleteRowButtonProps<F, S>) {
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const { page, pageSize } = list.params;
  return (
    <Popconfirm
      title={confirm}
      okButtonProps={{ danger, 'data-testid': okTestId }}
      onConfirm={() =>
        void remove().then(() => {
          void message.success(deleted);
          void invalidate(invalidates);
          if (rowsOnPage === 1 && page > 1) list.setPage(page - 1, pageSize);
        })
      }
    >
      <Button type="link" size="small" danger={danger} data-testid={testId}>
        {label}
      </Button>
    </Popconfirm>
  );
}
