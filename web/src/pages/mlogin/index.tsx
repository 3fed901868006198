import { Typography } from 'antd';
import { usePageTitle } from '../../app/title.js';
import { LangSelect } from '../../components/LangSelect.js';
import { t } from '../../i18n/index.js';
import { LoginForm } from '../login/LoginForm.js';
import '../login/login.css';

/** /mlogin (spec 2): the mobile-first sign-in, full width with large touch targets. */
export default function MloginPage() {
  usePageTitle('route.mlogin');
  return (
    <div className="dms-mlogin" data-testid="mlogin">
      <div className="dms-mlogin-top">
        <LangSelect />
      </div>
      <div className="dms-mlogin-brand">
        <img src="/favicon.svg" alt="" width={56} height={56} />
        <Typography.Title level={3}>{t('common.appTitle')}</Typography.Title>
        <Typography.Text type="secondary">{t('login.subtitle')}</Typography.Text>
      </div>
      <LoginForm large />
    </div>
  );
}
