import { SearchOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ShellRoute } from '@/app/route-types';
import { useI18n } from '@/i18n';

interface Option {
  value: string;
  label: string;
}

/** Searches the user's menu routes by translated title (group › page) and opens the one picked. */
export function RouteSearch({ routes }: { routes: readonly ShellRoute[] }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [value, setValue] = useState<string | null>(null);
  const options = useMemo<Option[]>(
    () =>
      routes.flatMap((r) =>
        r.kind === 'page'
          ? [{ value: r.path, label: t(r.meta.titleKey) }]
          : r.children.map((c) => ({ value: c.path, label: `${t(r.meta.titleKey)} › ${t(c.meta.titleKey)}` })),
      ),
    [routes, t],
  );
  return (
    <Select<string, Option>
      className="dms-route-search"
      data-testid="route-search"
      aria-label={t('navbar.search.placeholder')}
      placeholder={t('navbar.search.placeholder')}
      prefix={<SearchOutlined />}
      value={value}
      options={options}
      notFoundContent={t('navbar.search.noMatch')}
      showSearch={{
        filterOption: (input, option) => (option?.label ?? '').toLowerCase().includes(input.trim().toLowerCase()),
      }}
      onSelect={(path: string) => {
        setValue(null);
        void navigate(path);
      }}
      variant="borderless"
      popupMatchSelectWidth={260}
    />
  );
}
