import { Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '@/app/routes';
import { useI18n, type TKey } from '@/i18n';

/** The 404 and 401 pages: what happened, and a way back. */
export function ErrorPage({ status, headline, hint }: { status: '404' | '403'; headline: TKey; hint: TKey }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  return (
    <main className="dms-error-page">
      <Result
        status={status}
        title={t(headline)}
        subTitle={t(hint)}
        extra={
          <Space wrap>
            <Button onClick={() => void navigate(-1)} data-testid="back">
              {t('common.action.back')}
            </Button>
            <Button type="primary" onClick={() => void navigate(HOME_PATH)} data-testid="back-home">
              {t('common.action.backHome')}
            </Button>
          </Space>
        }
      />
    </main>
  );
}
