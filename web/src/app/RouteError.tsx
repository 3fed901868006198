import { CloseCircleFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { t } from '../i18n';
import { reportError } from './error-reporting';

/**
 * Shown when a page fails to load or throws while rendering (e.g. a chunk gone after a new release).
 * Kept light: it is part of the first download, sign-in page included.
 */
export function RouteError() {
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : undefined;
  useEffect(() => {
    reportError(error);
  }, [error]);
  return (
    <main className="dms-route-error" role="alert">
      <CloseCircleFilled className="dms-route-error-icon" />
      <h1>{t('common.state.hasError')}</h1>
      {detail && <p>{detail}</p>}
      <Button
        type="primary"
        onClick={() => {
          window.location.reload();
        }}
      >
        {t('common.action.refresh')}
      </Button>
    </main>
  );
}
