import { ErrorPage } from '../ErrorPage';

/** /401: a page the user's roles may not open. */
export default function UnauthorizedPage() {
  return <ErrorPage status="403" headline="errorPage.unauthorized.headline" hint="errorPage.unauthorized.hint" />;
}
