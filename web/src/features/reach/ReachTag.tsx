import { CrownOutlined, EyeInvisibleOutlined, KeyOutlined, ShareAltOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Space, Tag, Tooltip } from 'antd';
import type { DeviceReach } from '@dms/contract';
import type { ComponentType } from 'react';
import type { Translate } from '@/i18n/types';
import { useI18n } from '@/i18n';

const ICON: Record<DeviceReach['how'], ComponentType> = {
  admin: CrownOutlined,
  owner: UserOutlined,
  assigned: TeamOutlined,
  helper: ShareAltOutlined,
  shared: ShareAltOutlined,
  ck: KeyOutlined,
};

const COLOR: Record<DeviceReach['how'], string> = {
  admin: 'purple',
  owner: 'blue',
  assigned: 'cyan',
  helper: 'green',
  shared: 'green',
  ck: 'gold',
};

/** How the user reaches a device, in words (docs/people.md): the tag's label and its longer explanation. */
export function reachText(t: Translate, r: DeviceReach): { label: string; detail: string } {
  const via = r.via ?? '';
  const label = t(`reach.how.${r.how}`);
  switch (r.how) {
    case 'owner':
      return { label, detail: r.assignedBy ? t('reach.detail.ownerAssigned', { user: r.assignedBy }) : t('reach.detail.owner') };
    case 'assigned':
      return { label, detail: t('reach.detail.assigned', { user: via }) };
    case 'helper':
    case 'shared':
      return { label, detail: t(r.canSwitch ? 'reach.detail.sharedSwitch' : 'reach.detail.sharedView', { user: via }) };
    case 'ck':
      return { label, detail: via ? t('reach.detail.ck', { user: via }) : t('reach.detail.ckFactory') };
    case 'admin':
      return { label, detail: t('reach.detail.admin') };
  }
}

/**
 * A tag saying how the signed-in user reaches a device; the tooltip says through whom and with what right. `compact`
 * (table cells) shows the hidden-data flags as icons, named in the tooltip, so the cell keeps its width.
 */
export function ReachTag({ reach, testId, compact = false }: { reach: DeviceReach; testId?: string; compact?: boolean }) {
  const { t } = useI18n();
  const { label, detail } = reachText(t, reach);
  const Icon = ICON[reach.how];
  const flags = [
    ...(!reach.data ? [{ key: 'data', text: t('reach.dataHidden'), testId: testId ? `${testId}-hidden` : undefined }] : []),
    ...(reach.hidden ? [{ key: 'mine', text: t('reach.hiddenByMe'), testId: undefined }] : []),
  ];
  const tooltip = compact && flags.length > 0 ? `${detail} ${flags.map((f) => f.text).join(', ')}.` : detail;
  return (
    <Tooltip title={tooltip}>
      <Space size={2} wrap data-testid={testId} data-how={reach.how}>
        <Tag color={COLOR[reach.how]} icon={<Icon />}>
          {label}
        </Tag>
        {flags.map((f) => (
          <Tag key={f.key} icon={<EyeInvisibleOutlined />} data-testid={f.testId} aria-label={f.text}>
            {compact ? null : f.text}
          </Tag>
        ))}
      </Space>
    </Tooltip>
  );
}
