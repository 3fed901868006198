import { Navigate, useSearchParams } from 'react-router';
import { useSession } from '../../auth/session.js';

/** Normalises a ?redirect= target to an in-app path ('dashboard' → '/dashboard'; never another origin). */
export function safeRedirect(target: string | null): string {
  if (!target) return '/';
  const path = target.startsWith('/') ? target : `/${target}`;
  return path.startsWith('//') ? '/' : path;
}

/**
 * /auth-redirect (no sign-in needed): where an outside sign-in hands back. Signed in: on to ?redirect
 * (or /); otherwise to the sign-in page with the same way back.
 */
export default function AuthRedirect() {
  const [params] = useSearchParams();
  const { token } = useSession();
  const target = safeRedirect(params.get('redirect'));
  return token ? <Navigate to={target} replace /> : <Navigate to={`/login?redirect=${encodeURIComponent(target)}`} replace />;
}
