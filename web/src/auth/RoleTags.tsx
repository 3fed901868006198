import { Tag } from 'antd';
import { useI18n } from '../i18n';
import { roleLabel } from './role-label';

/** The user's roles as tags, by their translated names. */
export function RoleTags({ roles, testId }: { roles: readonly string[]; testId: string }) {
  const { t } = useI18n();
  return (
    <span data-testid={testId} className="dms-role-tags">
      {roles.map((r) => (
        <Tag key={r} color="blue">
          {roleLabel(t, r)}
        </Tag>
      ))}
    </span>
  );
}
