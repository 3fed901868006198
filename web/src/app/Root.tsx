import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { clearSignedOutTo, loadUserInfo, resetSession, useSession } from '../auth/session';
import { t } from '../i18n';
import { withFeedback } from './feedback';
import { FullPageLoading } from './FullPageLoading';
import { decideNavigation, isProductionHost, pageTitle, productionHostFromDocument } from './navigation';
import type { RouteHandle } from './route-types';

const productionHost = productionHostFromDocument(document);
/** The only screen of a role that must use two-factor sign-in until it is on (REQUIRE_2FA_ROLES). */
const EnrolRequired = lazy(() => import('../features/two-factor/EnrolRequired'));

/** The handle of the deepest matched route. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle) return handle;
  }
  return undefined;
}

/**
 * The root of every route: the navigation guard of spec 2 (sign-in, user info, access) with its loading state,
 * and the page title of spec 1.
 */
export function Root() {
  const { pathname, search } = useLocation();
  const handle = useRouteHandle();
  const token = useSession((s) => s.token);
  const roles = useSession((s) => s.user?.roles ?? null);
  const meta = handle?.meta;
  const signedOutTo = useSession((s) => s.signedOutTo);
  const mustEnrol = useSession((s) => Boolean(s.user?.twoFactor.required && !s.user.twoFactor.enabled));

  const decision = decideNavigation({
    pathname,
    search,
    hasToken: Boolean(token),
    roles,
    meta,
    onProductionHost: isProductionHost(window.location.hostname, productionHost),
    signedOutTo,
  });

  useEffect(() => {
    if (decision.kind === 'allow' && signedOutTo) clearSignedOutTo();
  }, [decision.kind, signedOutTo]);

  useEffect(() => {
    if (decision.kind !== 'loadInfo') return;
    let cancelled = false;
    loadUserInfo().catch((error: unknown) => {
      if (cancelled) return;
      // Spec 2/8: token cleared, the error (or 'Has Error') shown; the guard then sends the user to sign-in
      // with the path and query kept, because there is no token any more.
      const text = error instanceof Error && error.message ? error.message : t('common.state.hasError');
      resetSession();
      withFeedback((f) => void f.message.error(text));
    });
    return () => {
      cancelled = true;
    };
  }, [decision.kind, token]);

  const title = useMemo(() => pageTitle(meta ? t(meta.titleKey) : undefined, t('common.app.title')), [meta]);
  useEffect(() => {
    document.title = title;
  }, [title]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'loadInfo') return <FullPageLoading tip={t('common.state.loadingUser')} />;
  if (mustEnrol) {
    return (
      <Suspense fallback={<FullPageLoading />}>
        <EnrolRequired />
      </Suspense>
    );
  }
  return <Outlet />;
}
