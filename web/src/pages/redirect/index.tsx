import { Navigate, useLocation, useParams } from 'react-router';

/** /redirect/<path>: goes to /<path> (the tags view's "refresh" passes through here to remount a page). */
export default function RedirectPage() {
  const splat = useParams()['*'] ?? '';
  const { search } = useLocation();
  return <Navigate to={`/${splat}${search}`} replace />;
}
