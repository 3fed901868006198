import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../app/title.js';
import { t } from '../../i18n/index.js';

export default function NotFound() {
  usePageTitle('route.notFound');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('errorPage.notFoundTitle')}
      subTitle={t('errorPage.notFoundText')}
      extra={
        <Button type="primary" onClick={() => navigate('/dashboard')} data-testid="back-home">
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
