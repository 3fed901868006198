import { EVENT_STATES, SEVERITIES, type EventListQuery, type Severity } from '@dms/contract';
import { idParam, oneOfParam, textParam, type ListParams, type ListSpec } from '@/components/list-page/list-params';

export const YES_NO = ['true', 'false'] as const;

export interface EventLogFilter {
  /** A box number or a company. */
  q: string | undefined;
  ruleId: number | undefined;
  severity: Severity | undefined;
  state: (typeof EVENT_STATES)[number] | undefined;
  acked: (typeof YES_NO)[number] | undefined;
  /** Events started in [from, to] (ms). */
  from: number | undefined;
  to: number | undefined;
}

/** The log's filters as the URL keeps them (`?q=1001&ruleId=3&state=active&acked=false&from=…&to=…`); newest first. */
export const EVENT_LOG_LIST: ListSpec<EventLogFilter> = {
  filter: {
    q: textParam(64),
    ruleId: idParam(),
    severity: oneOfParam(SEVERITIES),
    state: oneOfParam(EVENT_STATES),
    acked: oneOfParam(YES_NO),
    from: idParam(),
    to: idParam(),
  },
};

/** The filters set, without paging: the log's query without its page, and the export's filter. */
export function eventsFilter({ q, ruleId, severity, state, acked, from, to }: EventLogFilter): Omit<EventListQuery, 'page' | 'page_size'> {
  return {
    ...(q ? { q } : {}),
    ...(ruleId !== undefined ? { ruleId } : {}),
    ...(severity ? { severity } : {}),
    ...(state ? { state } : {}),
    ...(acked ? { acked } : {}),
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
  };
}

export function eventLogQuery({ filter, page, pageSize }: ListParams<EventLogFilter>): EventListQuery {
  return { ...eventsFilter(filter), page, page_size: pageSize };
}
