import { Navigate, useLocation, useParams } from 'react-router';

/** /redirect/* → /* (used by the tags view's refresh): the page is mounted afresh. */
export default function RedirectPage() {
  const { '*': rest = '' } = useParams();
  const { search, hash } = useLocation();
  return <Navigate to={`/${rest}${search}${hash}`} replace />;
}
