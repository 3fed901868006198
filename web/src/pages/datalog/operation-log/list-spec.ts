import { OPERATION_ACTIONS, type OperationAction, type OperationLogQuery } from '@dms/contract';
import { oneOfParam, textParam, type ListParams, type ListSpec } from '@/components/list-page/list-params';

export interface OperationLogFilter {
  action: OperationAction | undefined;
  username: string | undefined;
}

/** The operation log's filters as the URL keeps them (`?action=user.login&username=…`); newest first. */
export const OPERATION_LOG_LIST: ListSpec<OperationLogFilter> = {
  filter: { action: oneOfParam(OPERATION_ACTIONS), username: textParam(64) },
};

export function operationLogQuery({ filter, page, pageSize }: ListParams<OperationLogFilter>): OperationLogQuery {
  return { ...filter, page, page_size: pageSize };
}
