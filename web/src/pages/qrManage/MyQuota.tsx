import { Card, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useI18n } from '@/i18n';
import { qrQueries } from './queries';

/** The caller's own password quota: "No limit" (root, a CK factory) or how many calculations are left. */
export function MyQuota() {
  const { t } = useI18n();
  const mine = useQuery(qrQueries.myQuota());
  const quota = mine.data;
  return (
    <Card size="small" data-testid="qr-my-quota" loading={!quota}>
      {quota && (
        <Space orientation="vertical" size={0}>
          <Typography.Text type="secondary">{t('qrManage.mine.title')}</Typography.Text>
          <Typography.Text strong style={{ fontSize: 20 }} data-testid="qr-my-quota-value">
            {quota.unlimited || quota.remaining === null
              ? t('qrManage.mine.unlimited')
              : t('qrManage.mine.left', { count: quota.remaining })}
          </Typography.Text>
          <Typography.Text type="secondary">
            {t(quota.unlimited ? 'qrManage.mine.unlimitedHelp' : 'qrManage.mine.leftHelp')}
          </Typography.Text>
        </Space>
      )}
    </Card>
  );
}
