import { Space, Tag } from 'antd';
import en from '../locales/en/roles.js';
import { t } from '../i18n/index.js';

export function roleLabel(role: string): string {
  return role in en ? t(`roles.${role as keyof typeof en}`) : role;
}

export function RoleTags({ roles }: { roles: readonly string[] }) {
  return (
    <Space size={[4, 4]} wrap data-testid="role-tags">
      {roles.map((r) => (
        <Tag color="blue" key={r}>
          {roleLabel(r)}
        </Tag>
      ))}
    </Space>
  );
}
