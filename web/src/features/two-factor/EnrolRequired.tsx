import { Alert, Button, Space, Typography } from 'antd';
import { reloadUserInfo, signOut } from '@/auth/session';
import { useI18n } from '@/i18n';
import { TwoFactorCard } from './TwoFactorCard';

/**
 * What a user whose role requires two-factor sign-in sees until they turn it on (REQUIRE_2FA_ROLES): nothing of the
 * console but enrolment and sign-out. The server refuses every other call with 40302 meanwhile.
 */
export default function EnrolRequired() {
  const { t } = useI18n();
  return (
    <div className="dms-enrol-required" data-testid="enrol-required">
      <Space orientation="vertical" size="large" style={{ width: '100%', maxWidth: 640 }}>
        <Typography.Title level={3}>{t('twoFactor.requiredTitle')}</Typography.Title>
        <Alert type="info" showIcon title={t('twoFactor.requiredNotice')} />
        <TwoFactorCard onEnrolled={() => void reloadUserInfo()} />
        <Button onClick={() => void signOut()} data-testid="enrol-sign-out">
          {t('twoFactor.signOut')}
        </Button>
      </Space>
    </div>
  );
}
