import type { CommandState, CommandsSent, DwsRow, dwsBody, dwsQuery } from '@dms/contract';
import type { z } from 'zod';
import { liveBox, requireAccess } from '../../access/index.js';
import type { Db } from '../../db/database.js';
import { contains } from '../../db/search.js';
import type { IngestService } from '../../ingest/service.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';
import { boxIdPrefixRanges } from '../devices/repository.js';
import type { BoxCommandService } from './commands.js';
import { requireKnown } from './known-boxes.js';

/** Rows written per statement. */
const CHUNK = 500;

/**
 * Boxes' data upload settings (/smartbox/box-dws; docs/box-protocol.md `config`): what root set for each box, what the
 * box reported in its hello, and how the latest `config` command went. Setting them stores the new values (absent
 * fields unchanged) and the `config` command in one transaction; the command goes down at once or when the box is back.
 */
export class UploadSettingsService {
  constructor(
    private readonly db: Db,
    private readonly commands: BoxCommandService,
    private readonly ingest: IngestService,
    private readonly audit: Audit,
  ) {}

  /** The boxes by number, searched by the start of their number or a part of their company. */
  async page({ q, page, page_size }: z.output<typeof dwsQuery>): Promise<{ total: number; items: DwsRow[] }> {
    let query = this.db.selectFrom('boxes as b').leftJoin('box_upload_settings as s', 's.box_id', 'b.box_id').where(liveBox);
    if (q) {
      const ranges = /^\d+$/.test(q) ? boxIdPrefixRanges(q) : [];
      query = query.where((eb) =>
        eb.or([...ranges.map(([low, high]) => eb.between('b.box_id', low, high)), contains('b.company_name', q)]),
      );
    }
    const [count, rows] = await Promise.all([
      query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      query
        .select(['b.box_id', 'b.company_name', 'b.box_type', 'b.firmware', 'b.report_interval'])
        .select(['s.interval', 's.deadband', 's.registers', 's.updated_at', 's.updated_by'])
        .orderBy('b.box_id')
        .limit(page_size)
        .offset((page - 1) * page_size)
        .execute(),
    ]);
    const latest = new Map<number, NonNullable<DwsRow['command']>>();
    if (rows.length > 0) {
      const commands = await this.db
        .selectFrom('box_commands')
        .select(['id', 'job', 'box_id', 'state', 'reason', 'updated_at'])
        .where('cmd', '=', 'config')
        .where(
          'box_id',
          'in',
          rows.map((r) => r.box_id),
        )
        .orderBy('created_at', 'desc')
        .execute();
      for (const c of commands) {
        if (latest.has(c.box_id)) continue;
        latest.set(c.box_id, {
          id: c.id,
          job: c.job,
          state: c.state as CommandState,
          reason: c.reason as NonNullable<DwsRow['command']>['reason'],
          updatedAt: c.updated_at,
        });
      }
    }
    return {
      total: Number(count.n),
      items: rows.map((r) => ({
        boxId: r.box_id,
        company: r.company_name,
        boxType: r.box_type,
        online: this.ingest.box(r.box_id)?.online ?? false,
        firmware: r.firmware,
        reportedInterval: r.report_interval,
        settings:
          r.updated_at === null || r.updated_by === null
            ? null
            : {
                interval: r.interval,
                deadband: r.deadband,
                registers: r.registers === null ? null : (JSON.parse(r.registers) as number[]),
                updatedAt: r.updated_at,
                updatedBy: r.updated_by,
              },
        command: latest.get(r.box_id) ?? null,
      })),
    };
  }

  /** New settings for boxes: stored (absent fields kept) with their `config` command, then sent; logged old and new. */
  async set(auth: AuthContext, body: z.output<typeof dwsBody>, ip: string): Promise<CommandsSent> {
    const { boxIds, ...args } = body;
    const by = auth.user.username;
    const { stored, old } = await this.db.transaction().execute(async (tx) => {
      await requireKnown(tx, boxIds);
      await requireAccess(tx, { auth, permission: 'box.command', ids: boxIds });
      const before =
        boxIds.length === 1
          ? await tx
              .selectFrom('box_upload_settings')
              .select(['interval', 'deadband', 'registers'])
              .where('box_id', '=', boxIds[0] ?? 0)
              .executeTakeFirst()
          : undefined;
      const stored = await this.commands.store(tx, by, boxIds, { cmd: 'config', args });
      const given = {
        ...(args.interval !== undefined ? { interval: args.interval } : {}),
        ...(args.deadband !== undefined ? { deadband: args.deadband } : {}),
        ...(args.registers !== undefined ? { registers: JSON.stringify(args.registers) } : {}),
      };
      const at = { job: stored.job, updated_at: stored.at, updated_by: by };
      for (let i = 0; i < boxIds.length; i += CHUNK) {
        await tx
          .insertInto('box_upload_settings')
          .values(
            boxIds.slice(i, i + CHUNK).map((box_id) => ({ box_id, interval: null, deadband: null, registers: null, ...given, ...at })),
          )
          .onConflict((oc) => oc.column('box_id').doUpdateSet({ ...given, ...at }))
          .execute();
      }
      return { stored, old: before };
    });
    await this.audit.record({
      user: auth.user,
      action: 'smartbox.setUploadSettings',
      target: boxIds.length === 1 ? String(boxIds[0]) : `${boxIds.length} boxes (${stored.job})`,
      ...(old ? { oldValue: JSON.stringify(old) } : {}),
      newValue: JSON.stringify(args),
      outcome: 'ok',
      ip,
    });
    return this.commands.release(stored);
  }
}
