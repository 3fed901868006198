import { api } from '@dms/contract';
import { endpointQuery } from '@/api/call';

/** The reads the chart management pages share (issue 21), named once. */
export const chartQueries = {
  /** The controller types, for the type filter and the form's type. */
  types: () => endpointQuery(api.controllerTypes.list),
  /** A type's register map; it changes only with configuration: read again after a minute at most. */
  typeRegisters: (id: number) => ({ ...endpointQuery(api.controllerTypes.edit, { params: { id } }), staleTime: 60_000 }),
};

/** What a change of a chart changes: the lists, the chart, the types' choice of charts and the devices' charts. */
export const CHART_READS = [api.charts.list, api.charts.get, api.controllerTypes.charts, api.charts.ofDevice];
