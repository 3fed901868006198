import { ATTEMPT_OUTCOMES, DELIVERY_CHANNELS, type AttemptOutcome, type DeliveryChannel, type DeliveryListQuery } from '@dms/contract';
import { idParam, oneOfParam, textParam, type ListParams, type ListSpec } from '@/components/list-page/list-params';

export interface DeliveryLogFilter {
  channel: DeliveryChannel | undefined;
  outcome: AttemptOutcome | undefined;
  /** The recipient's user name (a webhook has none). */
  user: string | undefined;
  boxId: number | undefined;
  /** Attempts made in [from, to] (ms). */
  from: number | undefined;
  to: number | undefined;
}

/** The log's filters as the URL keeps them (`?channel=email&outcome=failed&user=li&boxId=100001&from=…&to=…`); newest first. */
export const DELIVERY_LOG_LIST: ListSpec<DeliveryLogFilter> = {
  filter: {
    channel: oneOfParam(DELIVERY_CHANNELS),
    outcome: oneOfParam(ATTEMPT_OUTCOMES),
    user: textParam(20),
    boxId: idParam(),
    from: idParam(),
    to: idParam(),
  },
};

/** The filters set, without paging: the log's query without its page, and the export's filter. */
export function deliveriesFilter({
  channel,
  outcome,
  user,
  boxId,
  from,
  to,
}: DeliveryLogFilter): Omit<DeliveryListQuery, 'page' | 'page_size'> {
  return {
    ...(channel ? { channel } : {}),
    ...(outcome ? { outcome } : {}),
    ...(user ? { user } : {}),
    ...(boxId !== undefined ? { boxId } : {}),
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
  };
}

export function deliveryLogQuery({ filter, page, pageSize }: ListParams<DeliveryLogFilter>): DeliveryListQuery {
  return { ...deliveriesFilter(filter), page, page_size: pageSize };
}
