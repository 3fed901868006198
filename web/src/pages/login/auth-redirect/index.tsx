import { Navigate, useSearchParams } from 'react-router';
import { FullPageLoading } from '@/app/FullPageLoading';
import { loginRedirect, safeRedirect } from '@/app/navigation';
import { useSession } from '@/auth/session';
import { useI18n } from '@/i18n';

/** /auth-redirect: signed in → the ?redirect target or '/'; otherwise sign-in, keeping the target. */
export default function AuthRedirectPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const token = useSession((s) => s.token);
  const target = safeRedirect(params.get('redirect'));
  if (token) return <Navigate to={target} replace />;
  if (!params.get('redirect')) return <Navigate to="/login" replace />;
  return (
    <>
      <FullPageLoading tip={t('login.authRedirect.forwarding')} />
      <Navigate to={loginRedirect(target)} replace />
    </>
  );
}
