import { EditOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Grid, Space, Typography, type TableColumnsType } from 'antd';
import { api, DEVICE_PROPERTIES, MAX_UPLOAD_BYTES, type DevicePropertyChange, type DeviceSummary } from '@dms/contract';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { call, endpointQuery } from '@/api/call';
import { SheetImport } from '@/components/forms/SheetImport';
import { textParam, type ListSpec } from '@/components/list-page/list-params';
import { ListPage } from '@/components/list-page/ListPage';
import { QuerySearch } from '@/components/list-page/QuerySearch';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { tableWidth, wideOnly } from '@/components/list-page/table-width';
import { useListParams } from '@/components/list-page/useListParams';
import { useRowSelection } from '@/components/list-page/useRowSelection';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { deviceLink } from '@/features/devices/links';
import { useI18n } from '@/i18n';
import { useAppState } from '@/settings/app-state';
import { PropertiesModal, PROPERTY_READS } from './PropertiesModal';

/** The URL keeps the search (`?q=…`: a box number or a company) with the page. */
const PROPERTY_LIST: ListSpec<{ q: string | undefined }> = { filter: { q: textParam(64) } };
const deviceId = (d: DeviceSummary) => d.id;

/**
 * /smartbox/device-property (root; issue 23): each device's descriptive properties (spec 3: company, station number,
 * model, IoT module and model, install date...). One device or a selection is edited in a dialog; a sheet is imported
 * with a preview of what it changes and every problem by row and column.
 */
export default function DevicePropertyPage() {
  const { t } = useI18n();
  const mobile = useAppState((st) => st.device === 'mobile');
  const screens = Grid.useBreakpoint();
  const list = useListParams(PROPERTY_LIST);
  const { filter, page, pageSize } = list.params;
  const rows = usePagedQuery(
    endpointQuery(api.devices.list, {
      query: { ...(filter.q ? { q: filter.q } : {}), page, page_size: pageSize, sort: 'boxId', order: 'asc' },
    }),
  );
  const selection = useRowSelection(deviceId, 'property-select');
  const { selected } = selection;
  const [editing, setEditing] = useState<readonly DeviceSummary[] | null>(null);
  const [importing, setImporting] = useState(false);
  const field = (name: (typeof DEVICE_PROPERTIES)[number]) => t(`devices.field.${name}`);

  const columns = useMemo<TableColumnsType<DeviceSummary>>(
    () => [
      {
        key: 'device',
        title: t('devices.field.device'),
        width: 150,
        fixed: mobile ? undefined : 'left',
        render: (_: unknown, d) => <Link to={deviceLink(d)}>{`${d.boxId}/${d.controller}`}</Link>,
      },
      { key: 'company', title: field('company'), dataIndex: 'company', width: 180, ellipsis: true },
      { key: 'model', title: field('model'), dataIndex: 'model', width: 120, render: (v: string) => v || '—' },
      {
        key: 'stationNo',
        title: field('stationNo'),
        dataIndex: 'stationNo',
        width: 140,
        ...wideOnly(mobile, 'xl'),
        render: (v: string) => v || '—',
      },
      {
        key: 'iotModule',
        title: field('iotModule'),
        dataIndex: 'iotModule',
        width: 120,
        ...wideOnly(mobile, 'lg'),
        render: (v: string) => v || '—',
      },
      {
        key: 'iotModel',
        title: field('iotModel'),
        dataIndex: 'iotModel',
        width: 140,
        ...wideOnly(mobile, 'lg'),
        render: (v: string) => v || '—',
      },
      { key: 'installDate', title: field('installDate'), dataIndex: 'installDate', width: 120, render: (v: string | null) => v ?? '—' },
      { key: 'city', title: field('city'), dataIndex: 'city', width: 110, ...wideOnly(mobile, 'xl'), render: (v: string) => v || '—' },
      {
        key: 'actions',
        title: t('smartbox.dws.actions'),
        width: 100,
        fixed: mobile ? undefined : 'right',
        render: (_: unknown, d) => (
          <Button
            size="small"
            icon={<EditOutlined />}
            data-testid={`property-edit-${d.id}`}
            onClick={() => {
              setEditing([d]);
            }}
          >
            {t('smartbox.dws.edit')}
          </Button>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `field` reads `t`
    [t, mobile],
  );

  return (
    <>
      <ListPage
        title={t('smartbox.route.deviceProperty')}
        extra={<Typography.Text type="secondary">{t('smartbox.property.help')}</Typography.Text>}
        toolbar={
          <Space wrap className="dms-toolbar">
            <QuerySearch list={list} label={t('smartbox.dws.search')} testId="property-search" />
            <Button
              type="primary"
              icon={<EditOutlined />}
              disabled={selected.length === 0}
              data-testid="property-edit-selected"
              onClick={() => {
                setEditing(rows.data.items.filter((d) => selected.includes(d.id)));
              }}
            >
              {t('smartbox.dws.editSelected', { count: selected.length })}
            </Button>
            <Button
              icon={<UploadOutlined />}
              data-testid="property-import"
              onClick={() => {
                setImporting(true);
              }}
            >
              {t('smartbox.property.import')}
            </Button>
            <RefreshButton onClick={rows.reload} testId="property-reload" />
          </Space>
        }
        list={list}
        page={rows}
        columns={columns}
        data-testid="property-table"
        rowKey="id"
        rowSelection={selection.rowSelection}
        scroll={{ x: tableWidth(columns, 60, screens) }}
        showTotal={(total) => t('smartbox.property.total', { total })}
      />
      {editing && (
        <PropertiesModal
          devices={editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) selection.clear();
          }}
        />
      )}
      <SheetImport<DevicePropertyChange>
        open={importing}
        onClose={() => {
          setImporting(false);
        }}
        testId="property-import"
        send={(body) => call(api.smartbox.importDeviceProperties, { body }, { errorDisplay: 'none' })}
        invalidates={PROPERTY_READS}
        texts={{
          title: t('smartbox.property.importTitle'),
          help: t('smartbox.property.importHelp', { size: MAX_UPLOAD_BYTES / 1024 }),
          problems: (count) => t('smartbox.property.importProblems', { count }),
          changes: (count, unchanged) => t('smartbox.property.importChanges', { count, unchanged }),
          done: (count) => t('smartbox.property.imported', { count }),
        }}
        columns={[
          { key: 'device', title: t('devices.field.device'), width: 140, render: (_: unknown, c) => `${c.boxId}/${c.controller}` },
          {
            key: 'changes',
            title: t('smartbox.property.changes'),
            render: (_: unknown, c) =>
              Object.entries(c.changes)
                .map(([k, v]) => `${field(k as (typeof DEVICE_PROPERTIES)[number])}: ${v ?? '—'}`)
                .join('; '),
          },
        ]}
      />
    </>
  );
}
