import { Spin } from 'antd';
import { t } from '../i18n';

/** The whole-page loading state (start-up, user info loading). */
export function FullPageLoading({ tip }: { tip?: string }) {
  return (
    <div className="dms-full-page-loading" data-testid="page-loading" role="status" aria-live="polite">
      <Spin size="large" />
      <span>{tip ?? t('common.state.loading')}</span>
    </div>
  );
}
