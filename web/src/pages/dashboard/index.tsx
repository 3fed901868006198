import { Avatar, Card, Col, Descriptions, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { permittedPages } from '../../app/access.js';
import { GROUPS } from '../../app/routes.js';
import { useSession } from '../../auth/session.js';
import { initials } from '../../components/initials.js';
import { RoleTags } from '../../components/RoleTags.js';
import { t } from '../../i18n/index.js';
import { icon } from '../../layout/icons.js';

/** The dashboard: who is signed in, and the areas their roles open. The fleet's figures join with the devices. */
export default function Dashboard() {
  const { info } = useSession();
  if (!info) return null;
  const pages = permittedPages(info.roles).filter((p) => p.path !== '/dashboard');
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={10}>
        <Card>
          <Card.Meta
            avatar={
              <Avatar size={56} src={info.avatar || undefined} style={{ background: '#1890ff' }}>
                {initials(info.name)}
              </Avatar>
            }
            title={<span data-testid="dashboard-welcome">{t('dashboard.welcome', { name: info.name })}</span>}
            description={info.introduction}
          />
          <Descriptions column={1} size="small" style={{ marginTop: 16 }} title={t('dashboard.account')}>
            <Descriptions.Item label={t('dashboard.username')}>{info.username}</Descriptions.Item>
            <Descriptions.Item label={t('dashboard.roles')}>
              <RoleTags roles={info.roles} />
            </Descriptions.Item>
            <Descriptions.Item label={t('dashboard.level')}>{info.userLevel}</Descriptions.Item>
            <Descriptions.Item label={t('dashboard.group')}>{info.ck ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('dashboard.manager')}>{info.isManager ? t('dashboard.yes') : t('dashboard.no')}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card title={t('dashboard.areas')}>
          <Row gutter={[12, 12]}>
            {pages.map((p) => (
              <Col xs={24} sm={12} key={p.path}>
                <Link to={p.path} data-testid={`area-${p.name}`}>
                  <Card size="small" hoverable>
                    <Typography.Text strong>
                      {icon(p.icon)} {p.group ? `${t(GROUPS[p.group].titleKey)} / ` : ''}
                      {t(p.titleKey)}
                    </Typography.Text>
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
        </Card>
      </Col>
    </Row>
  );
}
