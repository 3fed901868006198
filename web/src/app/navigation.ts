import type { RouteMeta } from './route-types';
import { canSee } from './access';
import { PUBLIC_PATHS, SIGN_IN_PATHS } from './routes';

/** The navigation guard of spec 2 as a pure decision. */
export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Signed in but user info not loaded yet: load it, then decide again. */
  | { kind: 'loadInfo' };

export interface GuardInput {
  pathname: string;
  /** The query with its leading '?', or ''. */
  search: string;
  hasToken: boolean;
  /** The signed-in user's roles, or null while user info is not loaded. */
  roles: readonly string[] | null;
  /** The meta of the route the path matched (its area decides access). */
  meta: RouteMeta | undefined;
  /** Whether the page runs on the production host, where /login goes to /mlogin (spec 2). */
  onProductionHost: boolean;
  /** After logout: where a signed-out user on a protected page goes instead of sign-in with its path. */
  signedOutTo?: string | undefined;
}

/** /login?redirect=… with the whole path and query kept. */
export function loginRedirect(fullPath: string): string {
  return `/login?redirect=${encodeURIComponent(fullPath)}`;
}

export function decideNavigation(input: GuardInput): GuardDecision {
  const { pathname, search } = input;
  if (input.hasToken) {
    // Spec 2: a signed-in user going to sign-in is sent to /; right after signing in, to the ?redirect target.
    if (SIGN_IN_PATHS.includes(pathname)) return { kind: 'redirect', to: safeRedirect(new URLSearchParams(search).get('redirect')) };
    if (input.roles === null) return { kind: 'loadInfo' };
    if (!canSee(input.roles, input.meta)) return { kind: 'redirect', to: '/401' };
    return { kind: 'allow' };
  }
  if (pathname === '/login' && input.onProductionHost) return { kind: 'redirect', to: `/mlogin${search}` };
  if (PUBLIC_PATHS.includes(pathname)) return { kind: 'allow' };
  return { kind: 'redirect', to: input.signedOutTo ?? loginRedirect(pathname + search) };
}

/**
 * Where to go after sign-in: the redirect parameter when it is a path of this site, else '/'.
 * 'dashboard' (as logout writes it, spec 2) counts as '/dashboard'. Other sites are never followed.
 */
export function safeRedirect(redirect: string | null | undefined): string {
  if (!redirect) return '/';
  const path = redirect.startsWith('/') ? redirect : `/${redirect}`;
  if (path.startsWith('//') || path.startsWith('/\\') || /^\/[a-z][a-z0-9+.-]*:/i.test(path)) return '/';
  return path;
}

/** The production host named by the server in index.html, if any. */
export function productionHostFromDocument(doc: Document): string | undefined {
  const content = doc.querySelector('meta[name="dms-production-host"]')?.getAttribute('content')?.trim().toLowerCase();
  return content || undefined;
}

/** Whether a host name is the production host, bare or with www (spec 2). */
export function isProductionHost(hostname: string, productionHost: string | undefined): boolean {
  if (!productionHost) return false;
  const host = hostname.toLowerCase();
  return host === productionHost || host === `www.${productionHost}`;
}

/** The page title of spec 1: "{route title} - {product name}". */
export function pageTitle(routeTitle: string | undefined, appTitle: string): string {
  return routeTitle ? `${routeTitle} - ${appTitle}` : appTitle;
}
