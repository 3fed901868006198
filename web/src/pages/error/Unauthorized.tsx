import { Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../app/title.js';
import { t } from '../../i18n/index.js';

export default function Unauthorized() {
  usePageTitle('route.unauthorized');
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={t('errorPage.unauthorizedTitle')}
      subTitle={t('errorPage.unauthorizedText')}
      extra={
        <Space>
          <Button onClick={() => navigate(-1)}>{t('common.goBack')}</Button>
          <Button type="primary" onClick={() => navigate('/dashboard')} data-testid="back-home">
            {t('common.backHome')}
          </Button>
        </Space>
      }
    />
  );
}
