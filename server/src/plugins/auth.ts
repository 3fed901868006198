import { canAccess, Code, pickLanguage } from '@dms/contract';
import fp from 'fastify-plugin';
import { AppError, forbidden } from '../errors.js';
import { isApiKey } from '../modules/user/api-keys.js';

/** Reads the bearer token (or the spec's `token` query parameter). */
export function tokenOf(authorization: string | undefined, query: unknown): string | null {
  if (authorization?.startsWith('Bearer ')) return authorization.slice(7).trim() || null;
  if (query && typeof query === 'object' && 'token' in query && typeof query.token === 'string' && query.token) {
    return query.token;
  }
  return null;
}

/**
 * Language and sign-in for every request. Routes are closed unless their config says `auth: 'public'`
 * or `'optional'`; a route with an `area` is refused (403) to roles the access table denies. A bearer token that is an
 * API key reaches only the calls whose descriptor names a scope the key holds (403 otherwise).
 */
export default fp(
  (app) => {
    app.decorateRequest('lang', 'en');
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      request.lang = pickLanguage(request.headers['accept-language']);
      if (!request.url.startsWith('/api/v2/') || request.is404) return;
      const config = request.routeOptions.config;
      const mode = config.auth ?? 'required';
      if (mode === 'public') return;
      const token = tokenOf(request.headers.authorization, request.query);
      if (!token && mode === 'optional') return;
      // An API key (`dms_…`) acts for its user on the calls whose descriptor names a scope it holds, and no others.
      if (token && isApiKey(token)) {
        request.auth = await app.apiKeys.authenticate(token, request.ip);
        const scope = config.endpoint?.scope;
        if (!scope || !request.auth.apiKey?.scopes.includes(scope)) throw new AppError(Code.FORBIDDEN, 'error.apiKeyScope');
      } else {
        request.auth = await app.users.authenticate(token);
      }
      // A role that must use two-factor sign-in reaches nothing but enrolment until it is on (REQUIRE_2FA_ROLES).
      if (request.auth.secondFactorMissing && !config.endpoint?.beforeSecondFactor) {
        throw new AppError(Code.SECOND_FACTOR_NEEDED, 'error.twoFactorRequired');
      }
      if (config.area && !canAccess(request.auth.roles, config.area)) throw forbidden();
    });
  },
  // `app.users` is read per request: the user module registers after this hook (the hook must precede every route).
  { name: 'auth' },
);
