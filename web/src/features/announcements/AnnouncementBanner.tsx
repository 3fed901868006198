import { NotificationOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Typography } from 'antd';
import { api, canAccess } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { call } from '@/api/call';
import { useInvalidate } from '@/api/invalidate';
import { useAnnouncementEvents } from '@/api/realtime';
import { useRoles } from '@/auth/session';
import { Markdown } from '@/components/Markdown';
import { useSubmit } from '@/components/forms/useSubmit';
import { useI18n } from '@/i18n';
import { ANNOUNCEMENT_LIST_PATH } from './paths';
import { ANNOUNCEMENT_READS, announcementQueries } from './queries';
import { PinTag } from './words';

/**
 * The newest super-top announcement the user has not read, as a banner above every page (issue 22) until they mark it
 * read; a new or changed one for them shows at once (live over the WebSocket).
 */
export function AnnouncementBanner() {
  const roles = useRoles();
  return canAccess(roles, 'msg') ? <Banner /> : null;
}

function Banner() {
  const { t } = useI18n();
  const invalidate = useInvalidate();
  const banner = useQuery(announcementQueries.banner());
  useAnnouncementEvents(() => void invalidate(ANNOUNCEMENT_READS));
  const read = useSubmit(
    async (id: number) => {
      await call(api.msg.readAnnouncement, { params: { id } });
    },
    { invalidates: ANNOUNCEMENT_READS },
  );
  const a = banner.data?.announcement;
  if (!a) return null;
  return (
    <Alert
      className="dms-announcement-banner"
      data-testid="announcement-banner"
      data-id={a.id}
      type="warning"
      showIcon
      icon={<NotificationOutlined />}
      banner
      title={
        <Space size={4} wrap>
          <PinTag pin={a.pin} />
          <Typography.Text strong data-testid="announcement-banner-title">
            {a.title}
          </Typography.Text>
        </Space>
      }
      description={a.body ? <Markdown text={a.body} className="dms-announcement-banner-body" /> : undefined}
      action={
        <Space orientation="vertical" size={4}>
          <Button
            size="small"
            type="primary"
            data-testid="announcement-banner-read"
            loading={read.busy}
            onClick={() => void read.run(a.id)}
          >
            {t('announcements.banner.read')}
          </Button>
          <Link to={ANNOUNCEMENT_LIST_PATH} data-testid="announcement-banner-more">
            {t('announcements.banner.more')}
          </Link>
        </Space>
      }
    />
  );
}
