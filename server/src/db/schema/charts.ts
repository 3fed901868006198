import type { Generated, Selectable } from 'kysely';

/** A chart defined on a type's registers (migration 0019, /chartsManage): `definition` is JSON of the contract's. */
export interface ChartDefinitionsTable {
  id: Generated<number>;
  name: string;
  kind: string;
  type_id: number;
  definition: string;
  created_at: number;
  updated_at: number;
  updated_by: string;
}

/** The charts a type's device pages show, in `position` order (/device-type/chart). */
export interface TypeChartDefinitionsTable {
  type_id: number;
  chart_id: number;
  position: number;
}

export type ChartDefinitionRow = Selectable<ChartDefinitionsTable>;

export interface ChartTables {
  chart_definitions: ChartDefinitionsTable;
  type_chart_definitions: TypeChartDefinitionsTable;
}
