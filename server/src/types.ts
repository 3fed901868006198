import type { Area, Language } from '@dms/contract';
import type { Config } from './config.js';
import type { Db, Dialect } from './db/database.js';
import type { UserRow } from './db/schema.js';
import type { ControllerTypeService } from './modules/controller-types/service.js';
import type { DatalogService } from './modules/datalog/service.js';
import type { ExportService } from './modules/exports/service.js';
import type { UserService } from './modules/user/service.js';
import type { IngestService } from './ingest/service.js';
import type { RealtimeHub } from './realtime/hub.js';

/** Who made a request: the user, the roles their session carries, and the session. */
export interface AuthContext {
  user: UserRow;
  roles: string[];
  sessionId: number;
}

export interface Services {
  users: UserService;
  datalog: DatalogService;
  controllerTypes: ControllerTypeService;
  exports: ExportService;
}

/** `required` (default): a valid session; `optional`: a session is used when given; `public`: none read. */
export type AuthMode = 'public' | 'optional' | 'required';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dialect: Dialect;
    services: Services;
    ingest: IngestService;
    /** The embedded broker's port (0 with an external broker). */
    mqttPort: number;
    realtime: RealtimeHub;
  }
  interface FastifyRequest {
    lang: Language;
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    auth?: AuthMode;
    /** The access-table area of spec section 6 this route belongs to. */
    area?: Area;
  }
}
