import { canAccess } from '@dms/contract';
import { Spin } from 'antd';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { loadSessionInfo, resetSession, useSession } from '../auth/session.js';
import { t } from '../i18n/index.js';
import { feedback } from './feedback.js';
import { findPage, GROUPS } from './routes.js';

/** `/login?redirect=<path and query>`: the way back after signing in. */
export function loginPath(pathWithQuery: string): string {
  return `/login?redirect=${encodeURIComponent(pathWithQuery)}`;
}

/**
 * The navigation guard of spec 2, once, at the layout: no token → sign in (keeping path and query);
 * token without roles → load the user, then go on; loading fails → token cleared, error shown, sign in;
 * a page the roles may not open → /401.
 */
export function Guard() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const here = `${location.pathname}${location.search}`;

  useEffect(() => {
    if (!session.token || session.info) return;
    let cancelled = false;
    loadSessionInfo().catch((err: unknown) => {
      if (cancelled) return;
      resetSession();
      feedback.message?.error((err instanceof Error && err.message) || t('common.hasError'));
      setFailed(true);
      navigate(loginPath(here), { replace: true });
    });
    return () => {
      cancelled = true;
    };
    // Load once per token; `here` is read at the moment of failure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session.token, session.info]);

  if (!session.token) return failed ? null : <Navigate to={loginPath(here)} replace />;
  if (!session.info) return <PageLoading />;
  const page = findPage(location.pathname);
  const roles = session.info.roles;
  if (page && (!canAccess(roles, page.area) || (page.group && !canAccess(roles, GROUPS[page.group].area)))) {
    return <Navigate to="/401" replace />;
  }
  return <Outlet />;
}

export function PageLoading() {
  return (
    <div style={{ display: 'grid', placeItems: 'center', height: '100vh' }} data-testid="page-loading">
      <Spin size="large" tip={t('common.loading')}>
        <div style={{ width: 120, height: 60 }} />
      </Spin>
    </div>
  );
}

/** Sign-in pages: a signed-in user is sent to / (spec 2). */
export function PublicOnly({ children }: { children: React.ReactNode }) {
  const { token } = useSession();
  return token ? <Navigate to="/" replace /> : children;
}
