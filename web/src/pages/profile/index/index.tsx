import { Avatar, Card, Col, Descriptions, Row, Typography } from 'antd';
import { RoleTags } from '@/auth/RoleTags';
import { useSession } from '@/auth/session';
import { useI18n } from '@/i18n';
import { initials } from '@/lib/initials';
import { ChangePasswordForm } from '@/auth/change-password/ChangePasswordForm';
import { PreferencesCard } from '@/features/notifications/PreferencesCard';
import { MyApiKeys } from '@/features/api-keys/ApiKeyList';
import { MySessions } from '@/features/sessions/SessionList';
import { TwoFactorCard } from '@/features/two-factor/TwoFactorCard';

/** /profile/index: the user's name, avatar, roles, level and introduction, the change-password form, their two-factor sign-in, notification preferences, signed-in sessions and API keys. */
export default function ProfilePage() {
  const { t } = useI18n();
  const user = useSession((s) => s.user);
  if (!user) return null;
  return (
    <Row gutter={[16, 16]} className="dms-profile">
      <Col xs={24} lg={9} xl={8}>
        <Card title={t('profile.about.title')} data-testid="profile-about">
          <div className="dms-profile-head">
            {user.avatar ? (
              <Avatar size={96} src={user.avatar} alt={user.name} />
            ) : (
              <Avatar size={96} className="dms-avatar-initials">
                {initials(user.name)}
              </Avatar>
            )}
            <Typography.Title level={4} data-testid="profile-name">
              {user.name}
            </Typography.Title>
          </div>
          <Descriptions
            column={1}
            items={[
              { key: 'username', label: t('profile.about.username'), children: user.username },
              {
                key: 'roles',
                label: t('profile.about.roles'),
                children: <RoleTags roles={user.roles} testId="role-tags" />,
              },
              { key: 'level', label: t('profile.about.level'), children: user.userLevel },
              {
                key: 'introduction',
                label: t('profile.about.introduction'),
                children: user.introduction || <Typography.Text type="secondary">{t('profile.about.noIntroduction')}</Typography.Text>,
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={15} xl={16}>
        <Card title={t('profile.password.title')}>
          <ChangePasswordForm />
        </Card>
      </Col>
      <Col xs={24}>
        <TwoFactorCard />
      </Col>
      <Col xs={24}>
        <PreferencesCard />
      </Col>
      <Col xs={24}>
        <MySessions />
      </Col>
      <Col xs={24}>
        <MyApiKeys />
      </Col>
    </Row>
  );
}
