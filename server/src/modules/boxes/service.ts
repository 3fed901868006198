import type {
  BoxDetail,
  clearFaultRecordsBody,
  FaultRecordsCleared,
  IpChangeRow,
  ipLogQuery,
  Language,
  UnregisteredBoxRow,
} from '@dms/contract';
import type { z } from 'zod';
import { requireAccess } from '../../access/index.js';
import type { Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import type { IngestService } from '../../ingest/service.js';
import type { AuthContext } from '../../types.js';
import type { DeviceService } from '../devices/service.js';
import type { Audit } from '../datalog/service.js';
import type { BoxCommandService } from '../smartbox/commands.js';
import { clearFaultRecords } from './fault-records.js';
import { ipLogPage, toIpChange } from './ip-log.js';
import * as repo from './repository.js';

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
    private readonly audit: Audit,
    private readonly commands: BoxCommandService,
  ) {}

  /** Deletes a box's ended fault records, all or started in [from, to), once confirmed (fault-records.ts). */
  clearFaultRecords(
    auth: AuthContext,
    boxId: number,
    body: z.output<typeof clearFaultRecordsBody>,
    ip: string,
  ): Promise<FaultRecordsCleared> {
    return clearFaultRecords(this.db, this.audit, this.commands, auth, boxId, body, ip);
  }

  /**
   * One box as its page shows it, for whoever owns it or sees at least one device on it (root, admin: any box):
   * 404 for an unknown box, 403 for anyone else. Its controllers are the devices on it the user sees.
   */
  async detail(auth: AuthContext, boxId: number, lang: Language): Promise<BoxDetail> {
    const box = await repo.findBox(this.db, boxId);
    if (!box) throw notFound();
    await requireAccess(this.db, { auth, permission: 'box.read', ids: [boxId] });
    const [controllers, ipLog, connections] = await Promise.all([
      this.devices.onBox(auth, boxId, lang),
      repo.recentLog(this.db, 'box_ip_log', boxId, BOX_LOG_LIMIT),
      repo.recentLog(this.db, 'box_connection_log', boxId, BOX_LOG_LIMIT),
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
      ipLog: ipLog.map(toIpChange),
      connections: connections.map((r) => ({ id: r.id, event: r.event, ip: r.ip, time: r.time })),
    };
  }

  async unregistered({ page, page_size }: Page): Promise<{ total: number; items: UnregisteredBoxRow[] }> {
    const { total, rows } = await repo.unregisteredBoxes(this.db, { offset: (page - 1) * page_size, limit: page_size });
    return {
      total,
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

  ipLog({ page, page_size, ...filter }: z.output<typeof ipLogQuery>): Promise<{ total: number; items: IpChangeRow[] }> {
    return ipLogPage(this.db, filter, page, page_size);
  }

  stats() {
    return { ...this.ingest.stats.snapshot(), connectedBoxes: this.ingest.onlineBoxes() };
  }
}
