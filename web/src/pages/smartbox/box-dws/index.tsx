import { EditOutlined } from '@ant-design/icons';
import { Button, Grid, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { api, type DwsRow } from '@dms/contract';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { endpointQuery } from '@/api/call';
import { useInvalidate } from '@/api/invalidate';
import { useLiveEvents } from '@/api/realtime';
import { textParam, type ListSpec } from '@/components/list-page/list-params';
import { ListPage } from '@/components/list-page/ListPage';
import { QuerySearch } from '@/components/list-page/QuerySearch';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { tableWidth, wideOnly } from '@/components/list-page/table-width';
import { useListParams } from '@/components/list-page/useListParams';
import { useRowSelection } from '@/components/list-page/useRowSelection';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { CommandStateTag } from '@/features/box-commands/CommandState';
import { boxPath } from '@/features/devices/links';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { useSoon } from '@/lib/useSoon';
import { useAppState } from '@/settings/app-state';
import { UploadSettingsModal } from './UploadSettingsModal';

/** The URL keeps the search (`?q=…`: the start of a box number or a part of its company) with the page. */
const DWS_LIST: ListSpec<{ q: string | undefined }> = { filter: { q: textParam(64) } };
const boxIdOf = (r: DwsRow) => r.boxId;

/**
 * /smartbox/box-dws (root; issue 23): each box's data upload settings (report interval, deadband, registers sent) as
 * root set them, the interval the box reported, and how the `config` command that carries them went, live. One box or a
 * selection is edited in a dialog; the settings go to the boxes at once, or when an offline box comes back.
 */
export default function BoxDwsPage() {
  const { t, lang } = useI18n();
  const mobile = useAppState((st) => st.device === 'mobile');
  const screens = Grid.useBreakpoint();
  const list = useListParams(DWS_LIST);
  const { filter, page, pageSize } = list.params;
  const rows = usePagedQuery(
    endpointQuery(api.smartbox.dws, { query: { ...(filter.q ? { q: filter.q } : {}), page, page_size: pageSize } }),
  );
  const selection = useRowSelection(boxIdOf, 'dws-select');
  const { selected } = selection;
  const [editing, setEditing] = useState<readonly number[] | null>(null);
  const invalidate = useInvalidate();
  const reload = useSoon(() => void invalidate([api.smartbox.dws]), { delayMs: 300 });
  useLiveEvents(['boxCommands'], reload);

  const columns = useMemo<TableColumnsType<DwsRow>>(
    () => [
      {
        key: 'boxId',
        title: t('smartbox.dws.box'),
        width: 200,
        fixed: mobile ? undefined : 'left',
        render: (_: unknown, r) => (
          <Space size={4}>
            <Link to={boxPath(r.boxId)}>{r.boxId}</Link>
            <Tag color={r.online ? 'success' : 'default'} data-testid={`dws-online-${r.boxId}`}>
              {t(r.online ? 'smartbox.dws.online' : 'smartbox.dws.offline')}
            </Tag>
          </Space>
        ),
      },
      { key: 'company', title: t('smartbox.dws.company'), dataIndex: 'company', width: 180, ellipsis: true, ...wideOnly(mobile, 'md') },
      {
        key: 'reported',
        title: t('smartbox.dws.reported'),
        width: 120,
        render: (_: unknown, r) => (r.reportedInterval === null ? '—' : t('smartbox.dws.seconds', { n: r.reportedInterval })),
      },
      {
        key: 'settings',
        title: t('smartbox.dws.settings'),
        width: 260,
        render: (_: unknown, r) => <SettingsText row={r} />,
      },
      {
        key: 'command',
        title: t('smartbox.dws.command'),
        width: 220,
        render: (_: unknown, r) =>
          r.command ? (
            <CommandStateTag
              state={r.command.state}
              reason={r.command.reason}
              since={formatTime(r.command.updatedAt, lang)}
              testId={`dws-state-${r.boxId}`}
            />
          ) : (
            '—'
          ),
      },
      {
        key: 'updated',
        title: t('smartbox.dws.updated'),
        width: 190,
        ...wideOnly(mobile, 'lg'),
        render: (_: unknown, r) => (r.settings ? `${formatTime(r.settings.updatedAt, lang)} · ${r.settings.updatedBy}` : '—'),
      },
      {
        key: 'actions',
        title: t('smartbox.dws.actions'),
        width: 100,
        fixed: mobile ? undefined : 'right',
        render: (_: unknown, r) => (
          <Button
            size="small"
            icon={<EditOutlined />}
            data-testid={`dws-edit-${r.boxId}`}
            onClick={() => {
              setEditing([r.boxId]);
            }}
          >
            {t('smartbox.dws.edit')}
          </Button>
        ),
      },
    ],
    [t, lang, mobile],
  );

  return (
    <>
      <ListPage
        title={t('smartbox.route.boxDws')}
        extra={<Typography.Text type="secondary">{t('smartbox.dws.help')}</Typography.Text>}
        toolbar={
          <Space wrap className="dms-toolbar">
            <QuerySearch list={list} label={t('smartbox.dws.search')} testId="dws-search" />
            <Button
              type="primary"
              icon={<EditOutlined />}
              disabled={selected.length === 0}
              data-testid="dws-edit-selected"
              onClick={() => {
                setEditing(selected);
              }}
            >
              {t('smartbox.dws.editSelected', { count: selected.length })}
            </Button>
            <RefreshButton onClick={rows.reload} testId="dws-reload" />
          </Space>
        }
        list={list}
        page={rows}
        columns={columns}
        data-testid="dws-table"
        rowKey="boxId"
        rowSelection={selection.rowSelection}
        scroll={{ x: tableWidth(columns, 60, screens) }}
        showTotal={(total) => t('smartbox.dws.total', { total })}
      />
      {editing && (
        <UploadSettingsModal
          boxIds={editing}
          current={editing.length === 1 ? (rows.data.items.find((r) => r.boxId === editing[0])?.settings ?? null) : null}
          onClose={(saved) => {
            setEditing(null);
            if (saved && editing.length > 1) selection.clear();
          }}
        />
      )}
    </>
  );
}

/** What root set for a box: its interval, deadband and registers (all, or how many, listed on hover); — if never set. */
function SettingsText({ row }: { row: DwsRow }) {
  const { t } = useI18n();
  const s = row.settings;
  if (!s) return <Typography.Text type="secondary">{t('smartbox.dws.notSet')}</Typography.Text>;
  const registers =
    s.registers === null ? null : s.registers.length === 0 ? (
      t('smartbox.dws.allRegisters')
    ) : (
      <Tooltip title={s.registers.join(', ')}>
        <span>{t('smartbox.dws.someRegisters', { count: s.registers.length })}</span>
      </Tooltip>
    );
  return (
    <Space size={4} wrap data-testid={`dws-settings-${row.boxId}`}>
      {s.interval !== null && <Tag>{t('smartbox.dws.everySeconds', { n: s.interval })}</Tag>}
      {s.deadband !== null && <Tag>{t('smartbox.dws.deadbandOf', { n: s.deadband })}</Tag>}
      {registers !== null && <Tag>{registers}</Tag>}
    </Space>
  );
}
