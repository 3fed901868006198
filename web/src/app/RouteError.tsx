import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { t } from '../i18n';
import { reportError } from './error-reporting';

/** Shown when a page fails to load or throws while rendering (e.g. a chunk gone after a new release). */
export function RouteError() {
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : undefined;
  useEffect(() => reportError(error), [error]);
  return (
    <Result
      status="error"
      title={t('common.state.hasError')}
      subTitle={detail}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.action.refresh')}
        </Button>
      }
    />
  );
}
