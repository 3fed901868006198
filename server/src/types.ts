import type { ApiScope, Area, EndpointSpec, Language } from '@dms/contract';
import type { Config } from './config.js';
import type { Db, Dialect } from './db/database.js';
import type { UserRow } from './db/schema.js';

/** Who made a request: the user, the roles their session carries, and the session. */
export interface AuthContext {
  user: UserRow;
  roles: string[];
  sessionId: number;
  /** The user's role requires two-factor sign-in and it is off: only enrolment's calls are open (REQUIRE_2FA_ROLES). */
  secondFactorMissing?: boolean;
  /** Signed in with an API key (no session: `sessionId` is 0): the key and the scopes it was given. */
  apiKey?: { id: number; scopes: readonly ApiScope[] };
}

/** `required` (default): a valid session; `optional`: a session is used when given; `public`: none read. */
export type AuthMode = 'public' | 'optional' | 'required';

/**
 * What every part of the app shares. Each module adds its own service to FastifyInstance in its `index.ts`
 * (module augmentation), so this file imports none of them.
 */
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The services' clock (tests move time). */
    clock: () => number;
    db: Db;
    dialect: Dialect;
  }
  interface FastifyRequest {
    lang: Language;
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    auth?: AuthMode;
    /** The access-table area of spec section 6 this route belongs to. */
    area?: Area;
    /** The endpoint descriptor the route was registered from (every /api/v2 route has one). */
    endpoint?: EndpointSpec;
  }
}
