import { Alert, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { ADDRESS_STATES, api, type AddressState, type BoxAddressFilter, type BoxAddressRow } from '@dms/contract';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { BoxIdFilter } from '@/components/list-page/BoxIdFilter';
import { endpointQuery } from '@/api/call';
import { ChoiceFilter } from '@/components/list-page/ChoiceFilter';
import { ExportButton } from '@/components/list-page/ExportButton';
import { idParam, oneOfParam, type ListSpec } from '@/components/list-page/list-params';
import { ListPage } from '@/components/list-page/ListPage';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { useListParams } from '@/components/list-page/useListParams';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { boxPath } from '@/features/devices/links';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';

/** The URL keeps the filters (`?boxId=…&state=mismatch`) with the page; by box number. */
const ADDRESS_LIST: ListSpec<{ boxId: number | undefined; state: AddressState | undefined }> = {
  filter: { boxId: idParam(), state: oneOfParam(ADDRESS_STATES) },
};

/** The filters set, without paging: the list's query without its page, and the export's filter. */
function addressFilter({ boxId, state }: { boxId: number | undefined; state: AddressState | undefined }): BoxAddressFilter {
  return { ...(boxId !== undefined ? { boxId } : {}), ...(state ? { state } : {}) };
}

const STATE_COLOR: Record<AddressState, string> = { match: 'success', mismatch: 'error', unknown: 'default' };

/** An address with when it was set or said, or a dash when none is known. */
function Address({ address, at, testId }: { address: string | null; at: number | null; testId: string }) {
  const { lang } = useI18n();
  if (address === null)
    return (
      <Typography.Text type="secondary" data-testid={testId}>
        —
      </Typography.Text>
    );
  return (
    <Space orientation="vertical" size={0}>
      <Typography.Text code data-testid={testId}>
        {address}
      </Typography.Text>
      {at !== null && <Typography.Text type="secondary">{formatTime(at, lang)}</Typography.Text>}
    </Space>
  );
}

/**
 * /smartbox/box-address (root; issue 23): each box's server address as it was told (at its registration, later by
 * ip-config) against the one it says it dialed, and where it connects from. A box that dials another address than it
 * was told is flagged: moving or giving up that address would lose it. The fleet's counts head the list, and a click
 * on the mismatches shows only those.
 */
export default function BoxAddressPage() {
  const { t, lang } = useI18n();
  const list = useListParams(ADDRESS_LIST);
  const { filter, page, pageSize } = list.params;
  const rows = usePagedQuery(
    endpointQuery(api.smartbox.addresses, {
      query: { page, page_size: pageSize, ...addressFilter(filter) },
    }),
  );
  const counts = rows.answer?.counts;

  const columns = useMemo<TableColumnsType<BoxAddressRow>>(
    () => [
      {
        key: 'boxId',
        title: t('smartbox.address.box'),
        width: 170,
        render: (_: unknown, r) => (
          <Space orientation="vertical" size={0}>
            <Link to={boxPath(r.boxId)}>{r.boxId}</Link>
            <Typography.Text type="secondary" ellipsis style={{ maxWidth: 150 }}>
              {r.companyName}
            </Typography.Text>
          </Space>
        ),
      },
      {
        key: 'state',
        title: t('smartbox.address.state'),
        width: 130,
        render: (_: unknown, r) => (
          <Tooltip title={t(`smartbox.address.stateHelp.${r.state}`)}>
            <Tag color={STATE_COLOR[r.state]} data-testid={`address-state-${r.boxId}`} data-state={r.state}>
              {t(`smartbox.address.states.${r.state}`)}
            </Tag>
          </Tooltip>
        ),
      },
      {
        key: 'told',
        title: t('smartbox.address.told'),
        width: 220,
        render: (_: unknown, r) => <Address address={r.told} at={r.toldAt} testId={`address-told-${r.boxId}`} />,
      },
      {
        key: 'dialed',
        title: t('smartbox.address.dialed'),
        width: 220,
        render: (_: unknown, r) => <Address address={r.dialed} at={r.dialedAt} testId={`address-dialed-${r.boxId}`} />,
      },
      {
        key: 'ip',
        title: t('smartbox.address.ip'),
        width: 190,
        render: (_: unknown, r) => (
          <Space orientation="vertical" size={0}>
            <span data-testid={`address-ip-${r.boxId}`}>{r.ip ?? '—'}</span>
            <Typography.Text type={r.online ? 'success' : 'secondary'}>
              {r.online
                ? t('smartbox.address.online')
                : r.lastSeen === null
                  ? t('smartbox.address.never')
                  : t('smartbox.address.lastSeen', { time: formatTime(r.lastSeen, lang) })}
            </Typography.Text>
          </Space>
        ),
      },
    ],
    [t, lang],
  );

  return (
    <ListPage
      title={t('smartbox.route.boxAddress')}
      extra={
        <Space wrap>
          <ExportButton
            testId="address-export"
            disabled={rows.data.total === 0}
            body={() => ({
              kind: 'box-addresses',
              filter: addressFilter(filter),
            })}
          />
          <RefreshButton onClick={rows.reload} testId="address-reload" />
        </Space>
      }
      toolbar={
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          {counts !== undefined && counts.mismatch > 0 && (
            <Alert
              type="warning"
              showIcon
              data-testid="address-mismatch-alert"
              title={t('smartbox.address.mismatchAlert', { count: counts.mismatch })}
              action={
                filter.state !== 'mismatch' && (
                  <Typography.Link
                    data-testid="address-show-mismatch"
                    onClick={() => {
                      list.setFilter({ state: 'mismatch' });
                    }}
                  >
                    {t('smartbox.address.showMismatch')}
                  </Typography.Link>
                )
              }
            />
          )}
          <Space wrap className="dms-toolbar">
            <BoxIdFilter
              testId="address-filter-boxid"
              label={t('smartbox.address.box')}
              value={filter.boxId}
              onChange={(boxId) => {
                list.setFilter({ boxId });
              }}
            />
            <ChoiceFilter
              testId="address-filter-state"
              label={t('smartbox.address.state')}
              width={220}
              value={filter.state}
              values={ADDRESS_STATES}
              all={t('smartbox.address.allStates')}
              labelOf={(s) =>
                counts === undefined
                  ? t(`smartbox.address.states.${s}`)
                  : `${t(`smartbox.address.states.${s}`)} (${counts[s].toLocaleString(lang)})`
              }
              onChange={(state) => {
                list.setFilter({ state });
              }}
            />
          </Space>
        </Space>
      }
      list={list}
      page={rows}
      columns={columns}
      data-testid="address-table"
      rowKey="boxId"
      scroll={{ x: 930 }}
      showTotal={(total) => t('smartbox.address.total', { total })}
    />
  );
}
