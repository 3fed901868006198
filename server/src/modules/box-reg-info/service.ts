import {
  boxClientId,
  Code,
  serverAddressOf,
  type BoxCredentials,
  type BoxLinkRow,
  type BoxRegPage,
  type BoxRegistrationResult,
  type BrokerAddress,
  type Language,
  type UserOption,
} from '@dms/contract';
import type { z } from 'zod';
import type { boxRegistrationBody, boxRegQuery } from '@dms/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { IngestService } from '../../ingest/service.js';
import { hashToken, randomToken } from '../../security/tokens.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';
import { parseRoles } from '../user/service.js';
import { credentialsWorkbook } from './credentials-file.js';
import * as repo from './repository.js';
import type { EventBus } from '../../events/bus.js';

/** How long the one-time credentials download stays available. */
const DOWNLOAD_TTL_MS = 10 * 60_000;

interface Download {
  userId: number;
  expiresAt: number;
  file: Buffer;
}

/**
 * Box registration (/box-reg-info): registering a range of box ids to a user issues each box its MQTT credentials,
 * shown once and downloadable once as .xlsx; only their hashes are stored.
 */
export class BoxRegInfoService {
  private readonly downloads = new Map<string, Download>();

  constructor(
    private readonly db: Db,
    private readonly ingest: IngestService,
    private readonly audit: Audit,
    private readonly bus: EventBus,
    private readonly now: () => number,
  ) {}

  async register(
    auth: AuthContext,
    body: z.output<typeof boxRegistrationBody>,
    ip: string,
    lang: Language,
    broker: BrokerAddress,
  ): Promise<BoxRegistrationResult> {
    const owner = await repo.findUser(this.db, body.userId);
    if (!owner) throw new AppError(Code.VALIDATION_FAILED, 'error.userNotFound');
    const taken = await repo.registeredAmong(this.db, body.startBoxId, body.endBoxId);
    if (taken.length > 0) {
      const ids = taken.map((t) => t.box_id);
      const shown = ids.length > 10 ? `${ids.slice(0, 10).join(', ')}, … (${ids.length})` : ids.join(', ');
      throw new AppError(Code.BOX_ALREADY_REGISTERED, 'error.boxAlreadyRegistered', { boxIds: shown }, { boxIds: ids });
    }
    const now = this.now();
    const boxes: BoxCredentials[] = [];
    for (let boxId = body.startBoxId; boxId <= body.endBoxId; boxId++) {
      boxes.push({ boxId, clientId: boxClientId(boxId), username: String(boxId), password: randomToken(18) });
    }
    const rows = boxes.map((b) => ({
      box_id: b.boxId,
      owner_id: owner.id,
      secret_hash: hashToken(b.password),
      box_type: body.boxType,
      contact: body.contact,
      company_name: body.companyName,
      push_warning: body.pushWarning,
      push_fault: body.pushFault,
      push_normal: body.pushNormal,
      registered_at: now,
      registered_by: auth.user.id,
      online: 0,
      ck: body.ck ?? null,
      ck_set_at: body.ck ? now : null,
    }));
    await repo.insertBoxes(this.db, rows, auth.user.username, now, serverAddressOf(broker.host, broker.port));
    this.bus.publish('boxesRegistered', {
      boxes: rows.map((r) => ({ boxId: r.box_id, ownerId: r.owner_id, secretHash: r.secret_hash, ck: r.ck ?? null })),
    });
    await this.audit.record({
      user: auth.user,
      action: 'box.register',
      target: body.startBoxId === body.endBoxId ? String(body.startBoxId) : `${body.startBoxId}-${body.endBoxId}`,
      newValue: `owner ${owner.username}, ${boxes.length} box(es), type ${body.boxType}${body.ck ? `, CK ${body.ck}` : ''}`,
      outcome: 'ok',
      ip,
    });
    this.expireDownloads(now);
    const token = randomToken(24);
    const expiresAt = now + DOWNLOAD_TTL_MS;
    this.downloads.set(token, { userId: auth.user.id, expiresAt, file: await credentialsWorkbook(boxes, broker, lang) });
    return { boxes, broker, download: { token, expiresAt } };
  }

  /** The credentials workbook of a registration, once, for the user who registered, within ten minutes. */
  takeDownload(auth: AuthContext, token: string): Buffer {
    this.expireDownloads(this.now());
    const d = this.downloads.get(token);
    if (!d || d.userId !== auth.user.id) throw new AppError(Code.NOT_FOUND, 'error.downloadExpired');
    this.downloads.delete(token);
    return d.file;
  }

  private expireDownloads(now: number): void {
    for (const [token, d] of this.downloads) if (d.expiresAt <= now) this.downloads.delete(token);
  }

  async list(query: z.output<typeof boxRegQuery>): Promise<BoxRegPage> {
    const page = await repo.listBoxes(this.db, {
      ...(query.boxId !== undefined ? { boxId: query.boxId } : {}),
      ...(query.username ? { username: query.username } : {}),
      ...(query.companyName ? { companyName: query.companyName } : {}),
      ...(query.boxType ? { boxType: query.boxType } : {}),
      offset: (query.page - 1) * query.page_size,
      limit: query.page_size,
    });
    return {
      total: page.total,
      items: page.items.map((r) => {
        const live = this.ingest.box(r.box_id);
        const lastSeen = live?.lastSeen ?? r.last_seen;
        return {
          boxId: r.box_id,
          ownerId: r.owner_id,
          owner: r.owner,
          boxType: r.box_type,
          contact: r.contact,
          companyName: r.company_name,
          ck: r.ck,
          pushWarning: r.push_warning,
          pushFault: r.push_fault,
          pushNormal: r.push_normal,
          registeredAt: r.registered_at,
          registeredBy: r.registered_by,
          connection: lastSeen === null ? 'never' : (live?.online ?? r.online === 1) ? 'online' : 'offline',
          lastSeen,
          ip: live?.ip ?? r.ip,
          devices: r.devices ?? 0,
        };
      }),
    };
  }

  /** Who holds each device of a box and how (spec 3's registration fields). */
  async links(boxId: number): Promise<BoxLinkRow[]> {
    const rows = await repo.boxLinks(this.db, boxId);
    const out: BoxLinkRow[] = [];
    const seen = new Set<number>();
    for (const r of rows) {
      if (!seen.has(r.device_id)) {
        seen.add(r.device_id);
        out.push({
          deviceId: r.device_id,
          controller: r.controller,
          sharee: r.owner,
          shareSource: null,
          type: 'owner',
          permission: 'full',
          showValue: true,
          owners: r.owner,
          since: r.created_at,
        });
      }
      if (r.kind && r.sharee && r.linked_at !== null) {
        out.push({
          deviceId: r.device_id,
          controller: r.controller,
          sharee: r.sharee,
          shareSource: r.source,
          type: r.kind,
          permission: r.kind === 'assigned' ? 'full' : r.can_switch === 1 ? 'switch' : 'view',
          showValue: r.show_value === 1,
          owners: r.owner,
          since: r.linked_at,
        });
      }
    }
    return out;
  }

  /** The types the form offers: every box type (box_types), A to Z. */
  async boxTypes(): Promise<string[]> {
    return (await repo.boxTypes(this.db)).sort((a, b) => a.localeCompare(b, 'en'));
  }

  async userOptions(q: string): Promise<UserOption[]> {
    return (await repo.userOptions(this.db, q)).map((u) => ({ id: u.id, username: u.username, roles: parseRoles(u) }));
  }
}
