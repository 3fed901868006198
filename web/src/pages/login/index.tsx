import { Card, Typography } from 'antd';
import { usePageTitle } from '../../app/title.js';
import { LangSelect } from '../../components/LangSelect.js';
import { t } from '../../i18n/index.js';
import { LoginForm } from './LoginForm.js';
import './login.css';

/** /login (spec 2). */
export default function LoginPage() {
  usePageTitle('route.login');
  return (
    <div className="dms-login">
      <div className="dms-login-lang">
        <LangSelect light />
      </div>
      <Card className="dms-login-card">
        <div className="dms-login-brand">
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <div>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t('common.appTitle')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('login.subtitle')}</Typography.Text>
          </div>
        </div>
        <LoginForm />
      </Card>
    </div>
  );
}
