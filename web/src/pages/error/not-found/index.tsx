import { ErrorPage } from '../ErrorPage';

/** /404 */
export default function NotFoundPage() {
  return <ErrorPage status="404" headline="errorPage.notFound.headline" hint="errorPage.notFound.hint" />;
}
