import CloudServerOutlined from '@ant-design/icons/CloudServerOutlined';
import DashboardOutlined from '@ant-design/icons/DashboardOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import KeyOutlined from '@ant-design/icons/KeyOutlined';
import ProfileOutlined from '@ant-design/icons/ProfileOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import type { IconName } from '../app/routes.js';

const ICONS: Record<IconName, React.ReactNode> = {
  dashboard: <DashboardOutlined />,
  team: <TeamOutlined />,
  log: <ProfileOutlined />,
  key: <KeyOutlined />,
  file: <FileTextOutlined />,
  cloud: <CloudServerOutlined />,
};

export function icon(name: IconName | undefined): React.ReactNode {
  return name ? ICONS[name] : undefined;
}
