import { Card } from 'antd';
import { ChangePasswordForm } from '../../../components/ChangePasswordForm.js';
import { t } from '../../../i18n/index.js';

/** /usermanager/change-password: the signed-in user's password. */
export default function ChangePasswordPage() {
  return (
    <Card title={t('profile.changePassword')}>
      <ChangePasswordForm />
    </Card>
  );
}
