import type { BoxDetail, IpChangeRow, Language, UnregisteredBoxRow } from '@dms/contract';
import type { Db } from '../../db/database.js';
import { forbidden, notFound } from '../../errors.js';
import type { IngestService } from '../../ingest/service.js';
import type { AuthContext } from '../../types.js';
import { seesAll } from '../devices/access.js';
import type { DeviceService } from '../devices/service.js';

/** Most IP changes and connection events the box page shows. */
const BOX_LOG_LIMIT = 100;

interface Page {
  page: number;
  page_size: number;
}

/** Root's view of the fleet's connections (refused boxes, IP changes, what ingest counted), and one box's page. */
export class BoxesService {
  constructor(
    private readonly db: Db,
    private readonly ingest: IngestService,
    private readonly devices: DeviceService,
  ) {}

  /**
   * One box as its page shows it, for whoever owns it or sees at least one device on it (root, admin: any box):
   * 404 for an unknown box, 403 for anyone else. Its controllers are the devices on it the user sees.
   */
  async detail(auth: AuthContext, boxId: number, lang: Language): Promise<BoxDetail> {
    const box = await this.db
      .selectFrom('boxes as b')
      .innerJoin('users as u', 'u.id', 'b.owner_id')
      .select(['b.box_id', 'b.owner_id', 'u.username as owner', 'b.box_type', 'b.company_name', 'b.firmware', 'b.hardware', 'b.iccid', 'b.signal', 'b.report_interval', 'b.ip', 'b.online', 'b.last_seen', 'b.registered_at'])
      .where('b.box_id', '=', boxId)
      .executeTakeFirst();
    if (!box) throw notFound();
    const controllers = await this.devices.onBox(auth, boxId, lang);
    if (!seesAll(auth) && box.owner_id !== auth.user.id && controllers.length === 0) throw forbidden();
    const [ipLog, connections] = await Promise.all([
      this.db.selectFrom('box_ip_log').selectAll().where('box_id', '=', boxId).orderBy('time', 'desc').orderBy('id', 'desc').limit(BOX_LOG_LIMIT).execute(),
      this.db.selectFrom('box_connection_log').selectAll().where('box_id', '=', boxId).orderBy('time', 'desc').orderBy('id', 'desc').limit(BOX_LOG_LIMIT).execute(),
    ]);
    const live = this.ingest.box(boxId);
    return {
      boxId: box.box_id,
      boxType: box.box_type,
      owner: box.owner,
      companyName: box.company_name,
      firmware: box.firmware,
      hardware: box.hardware,
      iccid: box.iccid,
      signal: box.signal,
      reportInterval: box.report_interval,
      ip: live?.ip ?? box.ip,
      online: live ? live.online : box.online === 1,
      lastSeen: live?.lastSeen ?? box.last_seen,
      registeredAt: box.registered_at,
      controllers,
      ipLog: ipLog.map((r) => ({ id: r.id, boxId: r.box_id, sourceIp: r.source_ip, destinationIp: r.destination_ip, time: r.time })),
      connections: connections.map((r) => ({ id: r.id, event: r.event, ip: r.ip, time: r.time })),
    };
  }

  async unregistered({ page, page_size }: Page): Promise<{ total: number; items: UnregisteredBoxRow[] }> {
    const { total } = await this.db.selectFrom('unregistered_boxes').select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const rows = await this.db.selectFrom('unregistered_boxes').selectAll().orderBy('last_seen', 'desc').offset((page - 1) * page_size).limit(page_size).execute();
    return {
      total: Number(total),
      items: rows.map((r) => ({
        id: r.id,
        boxId: r.box_id,
        clientId: r.client_id,
        username: r.username,
        ip: r.ip,
        attempts: r.attempts,
        reason: r.reason,
        firstSeen: r.first_seen,
        lastSeen: r.last_seen,
        status: 'unregistered' as const,
      })),
    };
  }

  async ipLog({ page, page_size, boxId }: Page & { boxId?: number | undefined }): Promise<{ total: number; items: IpChangeRow[] }> {
    let q = this.db.selectFrom('box_ip_log');
    if (boxId !== undefined) q = q.where('box_id', '=', boxId);
    const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const rows = await q.selectAll().orderBy('time', 'desc').orderBy('id', 'desc').offset((page - 1) * page_size).limit(page_size).execute();
    return { total: Number(total), items: rows.map((r) => ({ id: r.id, boxId: r.box_id, sourceIp: r.source_ip, destinationIp: r.destination_ip, time: r.time })) };
  }

  stats() {
    return { ...this.ingest.stats.snapshot(), connectedBoxes: this.ingest.onlineBoxes() };
  }
}
