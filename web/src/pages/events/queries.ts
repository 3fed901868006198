import { api } from '@dms/contract';
import { endpointQuery } from '@/api/call';

/** The reads the events pages share (issue 21), named once. */
export const eventQueries = {
  /** The controller types, for the type filter and the form's type. */
  types: () => endpointQuery(api.controllerTypes.list),
  /**
   * A type's register map (names, units, bits), for the condition builder and the condition in words. A map changes
   * only with configuration: read again after a minute at most.
   */
  typeRegisters: (id: number) => ({ ...endpointQuery(api.controllerTypes.edit, { params: { id } }), staleTime: 60_000 }),
  /** The rules by name, for the log's rule filter (the first 200). */
  ruleOptions: () => endpointQuery(api.events.rules, { query: { page_size: 200 } }),
};

/** What a change of a rule changes: the rule list, the rule, and the log (events in progress end). */
export const RULE_READS = [api.events.rules, api.events.rule, api.events.log, api.events.deviceEvents];
