import { Select } from 'antd';
import { api } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/api/call';
import { useI18n } from '@/i18n';
import { templateName } from './labels';

/** The value of "the role's default template". */
const DEFAULT = 0;

/**
 * Picks a permission template the signed-in user may give (`get_level_models`), or the role's default (null), whose
 * name `defaultLabel` gives (e.g. "Default (Operator)"). As wide as its place (a form's field, a dialog), so the names
 * read in full.
 */
export function TemplateSelect({
  value,
  onChange,
  defaultLabel,
  testId,
}: {
  value?: number | null;
  onChange?: (value: number | null) => void;
  defaultLabel: string;
  testId: string;
}) {
  const { t } = useI18n();
  const models = useQuery(endpointQuery(api.usermanager.getLevelModels, {}));
  return (
    <Select<number>
      data-testid={testId}
      aria-label={t('people.template')}
      style={{ width: '100%' }}
      loading={models.isLoading}
      value={value ?? DEFAULT}
      onChange={(v) => onChange?.(v === DEFAULT ? null : v)}
      options={[
        { value: DEFAULT, label: defaultLabel },
        ...(models.data?.templates ?? []).map((m) => ({ value: m.id, label: templateName(t, m) })),
      ]}
    />
  );
}
