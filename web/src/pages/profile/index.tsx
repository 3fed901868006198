import { Avatar, Card, Col, Descriptions, Row, Typography } from 'antd';
import { useSession } from '../../auth/session.js';
import { ChangePasswordForm } from '../../components/ChangePasswordForm.js';
import { initials } from '../../components/initials.js';
import { RoleTags } from '../../components/RoleTags.js';
import { t } from '../../i18n/index.js';

/** /profile/index: name, avatar, roles, level, introduction; change password with the spec 5 rules. */
export default function Profile() {
  const { info } = useSession();
  if (!info) return null;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={9}>
        <Card title={t('profile.about')}>
          <div style={{ textAlign: 'center', marginBottom: 16 }}>
            <Avatar size={88} src={info.avatar || undefined} style={{ background: '#1890ff', fontSize: 32 }}>
              {initials(info.name)}
            </Avatar>
            <Typography.Title level={4} style={{ marginTop: 12 }} data-testid="profile-name">
              {info.name}
            </Typography.Title>
          </div>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('profile.username')}>{info.username}</Descriptions.Item>
            <Descriptions.Item label={t('profile.roles')}>
              <RoleTags roles={info.roles} />
            </Descriptions.Item>
            <Descriptions.Item label={t('profile.level')}>{info.userLevel}</Descriptions.Item>
            <Descriptions.Item label={t('profile.introduction')}>{info.introduction}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} md={15}>
        <Card title={t('profile.changePassword')}>
          <ChangePasswordForm />
        </Card>
      </Col>
    </Row>
  );
}
