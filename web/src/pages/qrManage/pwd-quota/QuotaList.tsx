import { Button, Typography, type TableColumnsType } from 'antd';
import { api, type QuotaQuery, type QuotaRow } from '@dms/contract';
import { useMemo, useState } from 'react';
import { endpointQuery } from '@/api/call';
import { RoleTags } from '@/auth/RoleTags';
import { textParam, type ListParams, type ListSpec } from '@/components/list-page/list-params';
import { ListPage } from '@/components/list-page/ListPage';
import { QuerySearch } from '@/components/list-page/QuerySearch';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { tableWidth } from '@/components/list-page/table-width';
import { useListParams } from '@/components/list-page/useListParams';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { useAppState } from '@/settings/app-state';
import { ChangeQuotaModal } from './ChangeQuotaModal';

interface QuotaFilter {
  q: string | undefined;
}

/** The URL keeps the search (`?q=dist`) with the page. */
const QUOTA_LIST: ListSpec<QuotaFilter> = { filter: { q: textParam(64) } };

function quotaQuery({ filter, page, pageSize }: ListParams<QuotaFilter>): QuotaQuery {
  return { ...(filter.q ? { q: filter.q } : {}), page, page_size: pageSize };
}

/**
 * The users directly below the caller, by username: their quota left, how many passwords they calculated and when
 * last; each row's quota raised or lowered in a small dialog.
 */
export function QuotaList() {
  const { t, lang } = useI18n();
  const mobile = useAppState((st) => st.device === 'mobile');
  const list = useListParams(QUOTA_LIST);
  const rows = usePagedQuery(endpointQuery(api.qrManage.quotas, { query: quotaQuery(list.params) }));
  const [changing, setChanging] = useState<QuotaRow | null>(null);

  const columns = useMemo<TableColumnsType<QuotaRow>>(
    () => [
      { key: 'username', title: t('qrManage.quotas.username'), dataIndex: 'username', width: 170, fixed: mobile ? undefined : 'left' },
      { key: 'name', title: t('qrManage.quotas.name'), dataIndex: 'name', width: 200, ellipsis: true },
      {
        key: 'roles',
        title: t('qrManage.quotas.roles'),
        width: 200,
        render: (_: unknown, r) => <RoleTags roles={r.roles} testId={`qr-quota-roles-${r.username}`} />,
      },
      {
        key: 'remaining',
        title: t('qrManage.quotas.remaining'),
        width: 110,
        render: (_: unknown, r) => <span data-testid={`qr-quota-remaining-${r.username}`}>{r.remaining}</span>,
      },
      { key: 'used', title: t('qrManage.quotas.used'), dataIndex: 'used', width: 90 },
      {
        key: 'lastAt',
        title: t('qrManage.quotas.lastAt'),
        width: 180,
        render: (_: unknown, r) =>
          r.lastAt === null ? <Typography.Text type="secondary">{t('qrManage.quotas.never')}</Typography.Text> : formatTime(r.lastAt, lang),
      },
      {
        key: 'actions',
        title: t('qrManage.quotas.actions'),
        width: 140,
        fixed: mobile ? undefined : 'right',
        render: (_: unknown, r) => (
          <Button
            type="link"
            size="small"
            data-testid={`qr-quota-change-${r.username}`}
            onClick={() => {
              setChanging(r);
            }}
          >
            {t('qrManage.quotas.change')}
          </Button>
        ),
      },
    ],
    [t, lang, mobile],
  );

  return (
    <>
      <ListPage
        title={t('qrManage.quotas.title')}
        extra={<RefreshButton onClick={rows.reload} testId="qr-quotas-reload" />}
        toolbar={
          <div className="dms-toolbar">
            <Typography.Paragraph type="secondary">{t('qrManage.quotas.help')}</Typography.Paragraph>
            <QuerySearch list={list} label={t('qrManage.quotas.search')} testId="qr-quotas-search" />
          </div>
        }
        list={list}
        page={rows}
        columns={columns}
        data-testid="qr-quotas-table"
        rowKey="userId"
        scroll={{ x: tableWidth(columns) }}
        showTotal={(total) => t('qrManage.quotas.total', { total })}
      />
      <ChangeQuotaModal
        user={changing}
        onClose={() => {
          setChanging(null);
        }}
      />
    </>
  );
}
