import {
  chartsOf,
  Code,
  MAGLEV_CHART_KINDS,
  CHART_KINDS,
  type ChartKind,
  type ControllerKind,
  type TypeChartsPage,
  type typeListQuery,
} from '@dms/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../errors.js';
import type { EventBus } from '../../events/bus.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';
import * as repo from './repository.js';
import type { ControllerTypeService } from './service.js';

/**
 * Which charts each type's devices show (/device-type/chart, docs/api.md): kept on the type (`charts`, migration
 * 0014; null: the defaults of its kind), read by the device pages through DeviceDetail.charts. A change goes to the
 * operation log with the old and the new choice, and out on the bus.
 */
export class TypeChartsService {
  constructor(
    private readonly db: Db,
    private readonly types: ControllerTypeService,
    private readonly bus: EventBus,
    private readonly audit: Audit,
  ) {}

  /** One page of the types the type list's filter finds, in its order, each with its charts and device count. */
  async page(query: z.output<typeof typeListQuery>): Promise<TypeChartsPage> {
    const found = await this.types.page(query);
    const ids = found.items.map((t) => t.id);
    const [stored, shown] = await Promise.all([repo.chartsOf(this.db, ids), repo.definitionsShown(this.db, ids)]);
    return {
      total: found.total,
      items: found.items.map((t) => ({
        id: t.id,
        code: t.code,
        kind: t.kind,
        name: t.name,
        charts: chartsOf(stored.get(t.id) ?? null, t.kind),
        definitions: shown.get(t.id) ?? [],
        devices: t.devices,
      })),
    };
  }

  /**
   * Sets a type's charts (each once, in CHART_KINDS' order; the maglev charts only on a maglev type) and, when given,
   * which of its charts of chart management its devices' pages show, in order (each must be of the type).
   */
  async save(
    auth: AuthContext,
    id: number,
    body: { charts: readonly ChartKind[]; definitions?: readonly number[] | undefined },
    ip: string,
  ): Promise<{ charts: ChartKind[]; definitions: number[] }> {
    const charts = CHART_KINDS.filter((c) => body.charts.includes(c));
    const done = await this.db.transaction().execute(async (trx) => {
      const type = await repo.findType(trx, id);
      if (!type) throw notFound();
      const kind = type.kind as ControllerKind;
      if (kind !== 'maglev' && charts.some((c) => MAGLEV_CHART_KINDS.includes(c)))
        throw new AppError(Code.VALIDATION_FAILED, 'validation.typeCharts.maglevOnly');
      const before = chartsOf(type.charts, kind);
      const shownBefore = (await repo.definitionsShown(trx, [id])).get(id) ?? [];
      await trx
        .updateTable('controller_types')
        .set({ charts: JSON.stringify(charts) })
        .where('id', '=', id)
        .execute();
      const wanted = body.definitions;
      if (wanted !== undefined) {
        const own = new Set((await trx.selectFrom('chart_definitions').select('id').where('type_id', '=', id).execute()).map((r) => r.id));
        const wrong = wanted.find((d) => !own.has(d));
        if (wrong !== undefined) throw new AppError(Code.VALIDATION_FAILED, 'error.chartNotOfType', { id: wrong });
        await trx.deleteFrom('type_chart_definitions').where('type_id', '=', id).execute();
        if (wanted.length > 0)
          await trx
            .insertInto('type_chart_definitions')
            .values(wanted.map((chart_id, position) => ({ type_id: id, chart_id, position })))
            .execute();
      }
      return {
        code: type.code,
        before,
        shownBefore: shownBefore.map((d) => d.id),
        definitions: wanted ? [...wanted] : shownBefore.map((d) => d.id),
      };
    });
    const describe = (kinds: readonly string[], ids: readonly number[]) => [...kinds, ...ids.map((d) => `#${d}`)].join(', ') || 'none';
    await this.audit.record({
      user: auth.user,
      action: 'type.charts',
      target: done.code,
      oldValue: describe(done.before, done.shownBefore),
      newValue: describe(charts, done.definitions),
      outcome: 'ok',
      ip,
    });
    this.bus.publish('typeChanged', { typeId: id });
    return { charts, definitions: done.definitions };
  }
}
