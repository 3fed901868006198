import { Card } from 'antd';
import { ChangePasswordForm } from '@/auth/change-password/ChangePasswordForm';
import { useI18n } from '@/i18n';

/** /usermanager/change-password: the signed-in user's password. */
export default function ChangePasswordPage() {
  const { t } = useI18n();
  return (
    <Card title={t('usermanager.route.changePassword')} className="dms-narrow-card">
      <ChangePasswordForm testIdPrefix="profile" />
    </Card>
  );
}
