import { ReloadOutlined, SearchOutlined, SettingOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Checkbox, Input, Popover, Space, Table, Tag, Typography, type TableColumnsType, type TableProps } from 'antd';
import {
  DEVICE_SEARCH_MAX,
  DEVICE_SORTS,
  runStatus as runStatusOf,
  type DeviceCounts,
  type DeviceSort,
  type DeviceStatus,
  type DeviceSummary,
  type SpecificStatus,
} from '@dms/contract';
import type { SortOrder } from 'antd/es/table/interface';
import { useCallback, useEffect, useMemo, useRef, useState, type HTMLAttributes } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { getDeviceCounts, getDevices } from '../../../api/devices';
import { useDeviceEvents, useFleetEvents, useLiveState } from '../../../api/realtime';
import { useI18n, type TKey } from '../../../i18n';
import { formatTime } from '../../../lib/format-time';
import { useAppState } from '../../../settings/app-state';
import { ExportButton } from '../shared/ExportButton';
import { boxPath, detailPath } from '../shared/links';
import { STATUS_HEX, STATUS_ICON, StatusIcon, StatusTag, statusLabel } from '../shared/status';
import { DEFAULT_COLUMNS, loadColumns, OPTIONAL_COLUMNS, saveColumns, type OptionalColumn } from './columns';
import { DEFAULT_QUERY, PAGE_SIZES, readQuery, writeQuery, type ListQuery } from './query';
import '../shared/devices.css';

/** Which list: the whole list, or one of the menu's filtered lists (fault, warning, offline). */
export type ListPreset = 'all' | 'fault' | 'alert' | 'offline';

/** The quick filters of each list (undefined = every status); groups count the sum of their statuses. */
const QUICK_FILTERS: Record<ListPreset, ReadonlyArray<DeviceStatus | undefined>> = {
  all: [undefined, 'online', 'offline', 'alert', 'fault', 'unregistered'],
  fault: ['fault', 'online_fault', 'offline_fault'],
  alert: ['alert', 'online_alert', 'offline_alert'],
  offline: ['offline'],
};

const TITLE: Record<ListPreset, TKey> = {
  all: 'devices.route.devicesShow',
  fault: 'devices.route.faultList',
  alert: 'devices.route.warningList',
  offline: 'devices.route.offlineList',
};

function countOf(counts: DeviceCounts | null, status: DeviceStatus | undefined): number | null {
  if (!counts) return null;
  if (status === undefined) return counts.all;
  if (status === 'alert') return counts.online_alert + counts.offline_alert;
  if (status === 'fault') return counts.online_fault + counts.offline_fault;
  return counts[status];
}

const SORTABLE = new Set<string>(DEVICE_SORTS);
const NONE = <Typography.Text type="secondary">—</Typography.Text>;
const text = (v: string | null) => (v ? v : NONE);
const specific = (s: DeviceStatus): SpecificStatus => (s === 'alert' ? 'online_alert' : s === 'fault' ? 'online_fault' : s);

/**
 * The device list (spec 2 /devices/devices-show) and its filtered lists: server-side filter, sort and pages kept in
 * the URL, status quick filters with counts, a remembered column choice, export with progress, and live status.
 */
export function DeviceListPage({ preset, path }: { preset: ListPreset; path: string }) {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const mobile = useAppState((s) => s.device === 'mobile');
  const live = useLiveState();
  const filters = QUICK_FILTERS[preset];
  const defaultStatus = filters[0];

  // The page stays mounted (hidden) while another tab is shown: only its own URL drives it.
  const active = location.pathname === path;
  const lastQuery = useRef<ListQuery | null>(null);
  const query = useMemo(() => {
    if (!active && lastQuery.current) return lastQuery.current;
    const read = readQuery(new URLSearchParams(location.search));
    const status = filters.includes(read.status) ? read.status : defaultStatus;
    return { ...read, status };
  }, [active, location.search, filters, defaultStatus]);
  useEffect(() => {
    lastQuery.current = query;
  }, [query]);
  const queryRef = useRef(query);
  queryRef.current = query;

  const setQuery = useCallback(
    (change: Partial<ListQuery>) => {
      const next = { ...queryRef.current, ...change };
      const params = writeQuery(next);
      if (next.status === defaultStatus) params.delete('status');
      const search = params.toString();
      void navigate({ pathname: path, search: search ? `?${search}` : '' }, { replace: true });
    },
    [navigate, path, defaultStatus],
  );

  // Search box: applied 300 ms after typing stops.
  const [searchText, setSearchText] = useState(query.q);
  const appliedQ = useRef(query.q);
  useEffect(() => {
    if (query.q !== appliedQ.current) {
      appliedQ.current = query.q;
      setSearchText(query.q);
    }
  }, [query.q]);
  useEffect(() => {
    const trimmed = searchText.trim();
    if (trimmed === appliedQ.current) return undefined;
    const timer = setTimeout(() => {
      appliedQ.current = trimmed;
      setQuery({ q: trimmed, page: 1 });
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText, setQuery]);

  // The page of devices.
  const [data, setData] = useState<{ total: number; items: DeviceSummary[] }>({ total: 0, items: [] });
  const [loading, setLoading] = useState(false);
  const [reloads, setReloads] = useState(0);
  // A reload the live push asked for runs quietly (no spinner over rows people may be reading or clicking).
  const quiet = useRef(false);
  const reload = useCallback((background = false) => {
    quiet.current = background;
    setReloads((n) => n + 1);
  }, []);
  useEffect(() => {
    const abort = new AbortController();
    if (!quiet.current) setLoading(true);
    quiet.current = false;
    getDevices(
      {
        ...(query.status ? { status: query.status } : {}),
        ...(query.q ? { q: query.q } : {}),
        sort: query.sort,
        order: query.order,
        page: query.page,
        page_size: query.pageSize,
      },
      abort.signal,
    )
      .then(setData)
      .catch(() => undefined)
      .finally(() => {
        if (!abort.signal.aborted) setLoading(false);
      });
    return () => abort.abort();
  }, [query.status, query.q, query.sort, query.order, query.page, query.pageSize, reloads]);

  // Counts per status (the quick filters), for the same search.
  const [counts, setCounts] = useState<DeviceCounts | null>(null);
  const [countReloads, setCountReloads] = useState(0);
  useEffect(() => {
    const abort = new AbortController();
    getDeviceCounts(query.q || undefined, abort.signal)
      .then(setCounts)
      .catch(() => undefined);
    return () => abort.abort();
  }, [query.q, countReloads]);

  // Live: statuses of the devices on the page change in place; any transition in the fleet refreshes the counts
  // (and a status-filtered list, whose members may have changed), at most twice a second.
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const scheduleRefresh = useCallback(
    (list: boolean) => {
      if (refreshTimer.current) return;
      refreshTimer.current = setTimeout(() => {
        refreshTimer.current = null;
        setCountReloads((n) => n + 1);
        if (list) reload(true);
      }, 500);
    },
    [reload],
  );
  useEffect(() => () => {
    if (refreshTimer.current) clearTimeout(refreshTimer.current);
  }, []);
  const ids = useMemo(() => data.items.map((d) => d.id), [data.items]);
  useDeviceEvents(ids, (event) => {
    if (event.type === 'lagged') {
      scheduleRefresh(true);
      return;
    }
    // A device's state, values and status change its row only; when nothing changes (the state sent on subscribing
    // mostly says what the page fetched) the list is left as it is and nothing is drawn again.
    setData((d) => {
      let changed = false;
      const items = d.items.map((item) => {
        if (item.id !== event.device) return item;
        const lastSeen = event.type === 'status' ? item.lastSeen : Math.max(item.lastSeen ?? 0, event.ts ?? 0) || null;
        const status = event.type === 'values' ? item.status : specific(event.type === 'state' ? event.status : event.to);
        if (status === item.status && lastSeen === item.lastSeen) return item;
        changed = true;
        return { ...item, status, lastSeen, runStatus: runStatusOf({ fault: status.endsWith('fault'), alert: status.endsWith('alert') }) };
      });
      return changed ? { ...d, items } : d;
    });
  });
  useFleetEvents((event) => {
    scheduleRefresh(event.type === 'lagged' || queryRef.current.status !== undefined);
  });

  // Columns: the user's choice, remembered.
  const [chosen, setChosen] = useState<OptionalColumn[]>(loadColumns);
  const choose = (columns: OptionalColumn[]) => {
    const ordered = OPTIONAL_COLUMNS.filter((c) => columns.includes(c));
    setChosen(ordered);
    saveColumns(ordered);
  };

  const columns = useMemo<TableColumnsType<DeviceSummary>>(() => {
    const sortOrder = (key: DeviceSort): SortOrder => (query.sort === key ? (query.order === 'asc' ? 'ascend' : 'descend') : null);
    const directions: SortOrder[] = ['ascend', 'descend', 'ascend'];
    const sortable = (key: string) => (SORTABLE.has(key) ? { sorter: true, sortOrder: sortOrder(key as DeviceSort), sortDirections: directions } : {});
    const optional: Record<OptionalColumn, TableColumnsType<DeviceSummary>[number]> = {
      company: { key: 'company', title: t('devices.field.company'), dataIndex: 'company', width: 180, ellipsis: true, render: text },
      stationNo: { key: 'stationNo', title: t('devices.field.stationNo'), dataIndex: 'stationNo', width: 160, ellipsis: true, render: text },
      model: { key: 'model', title: t('devices.field.model'), dataIndex: 'model', width: 140, ellipsis: true, render: text },
      type: {
        key: 'type',
        title: t('devices.field.type'),
        dataIndex: 'typeName',
        width: 200,
        ellipsis: true,
        render: (_: unknown, d: DeviceSummary) => (d.typeName ? d.typeName : d.typeCode ? d.typeCode : NONE),
      },
      runStatus: {
        key: 'runStatus',
        title: t('devices.field.runStatus'),
        dataIndex: 'runStatus',
        width: 110,
        render: (v: DeviceSummary['runStatus']) => <Tag color={v === 'fault' ? 'red' : v === 'warning' ? 'orange' : 'green'}>{t(`devices.runStatus.${v}`)}</Tag>,
      },
      owner: { key: 'owner', title: t('devices.field.owner'), dataIndex: 'owner', width: 130, ellipsis: true, render: text },
      remark: { key: 'remark', title: t('devices.field.remark'), dataIndex: 'remark', width: 200, ellipsis: true, render: text },
      iotModule: { key: 'iotModule', title: t('devices.field.iotModule'), dataIndex: 'iotModule', width: 140, ellipsis: true, render: text },
      iotModel: { key: 'iotModel', title: t('devices.field.iotModel'), dataIndex: 'iotModel', width: 150, ellipsis: true, render: text },
      iotCard: { key: 'iotCard', title: t('devices.field.iotCard'), dataIndex: 'iotCard', width: 190, ellipsis: true, render: text },
      installDate: { key: 'installDate', title: t('devices.field.installDate'), dataIndex: 'installDate', width: 130, render: text },
      expiryDate: { key: 'expiryDate', title: t('devices.field.expiryDate'), dataIndex: 'expiryDate', width: 130, render: text },
      location: {
        key: 'location',
        title: t('devices.field.location'),
        width: 220,
        ellipsis: true,
        render: (_: unknown, d: DeviceSummary) => text([d.province, d.city, d.area, d.street].filter(Boolean).join(' ')),
      },
      province: { key: 'province', title: t('devices.field.province'), dataIndex: 'province', width: 110, ellipsis: true, render: text },
      city: { key: 'city', title: t('devices.field.city'), dataIndex: 'city', width: 110, ellipsis: true, render: text },
      area: { key: 'area', title: t('devices.field.area'), dataIndex: 'area', width: 110, ellipsis: true, render: text },
      street: { key: 'street', title: t('devices.field.street'), dataIndex: 'street', width: 160, ellipsis: true, render: text },
      contact: { key: 'contact', title: t('devices.field.contact'), dataIndex: 'contact', width: 130, ellipsis: true, render: text },
      phone: { key: 'phone', title: t('devices.field.phone'), dataIndex: 'phone', width: 150, render: text },
      lastSeen: {
        key: 'lastSeen',
        title: t('devices.field.lastSeen'),
        dataIndex: 'lastSeen',
        width: 180,
        render: (v: number | null) => (v === null ? NONE : formatTime(v, lang)),
      },
    };
    return [
      {
        key: 'status',
        title: t('devices.field.status'),
        dataIndex: 'status',
        width: mobile ? 56 : 150,
        fixed: mobile ? undefined : 'left',
        ...sortable('status'),
        render: (v: DeviceStatus, d: DeviceSummary) => (
          <span data-testid={`device-status-${d.boxId}-${d.controller}`} data-status={v}>
            {mobile ? <StatusIcon status={v} /> : <StatusTag status={v} />}
          </span>
        ),
      },
      {
        key: 'boxId',
        title: t('devices.field.device'),
        dataIndex: 'boxId',
        width: 150,
        fixed: mobile ? undefined : 'left',
        ...sortable('boxId'),
        render: (_: unknown, d: DeviceSummary) => (
          <Link to={detailPath(d.kind, d.boxId, d.controller)} data-testid={`device-link-${d.boxId}-${d.controller}`}>
            {d.boxId} · {d.controller}
          </Link>
        ),
      },
      ...chosen.map((c) => ({ ...optional[c], ...sortable(c) })),
      {
        key: 'actions',
        title: t('devices.list.actions'),
        width: mobile ? 90 : 150,
        fixed: mobile ? undefined : 'right',
        render: (_: unknown, d: DeviceSummary) => (
          <Space size={mobile ? 4 : 8} wrap>
            <Link to={detailPath(d.kind, d.boxId, d.controller)}>{t('devices.list.detail')}</Link>
            <Link to={boxPath(d.boxId)} data-testid={`box-link-${d.boxId}-${d.controller}`}>
              {t('devices.list.box')}
            </Link>
          </Space>
        ),
      },
    ];
  }, [t, lang, chosen, query.sort, query.order, mobile]);

  const onTableChange: TableProps<DeviceSummary>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      const key = typeof one?.columnKey === 'string' && SORTABLE.has(one.columnKey) && one.order ? (one.columnKey as DeviceSort) : DEFAULT_QUERY.sort;
      const order = one?.order === 'descend' ? 'desc' : 'asc';
      setQuery({ sort: key, order, page: 1 });
      return;
    }
    const pageSize = pagination.pageSize ?? query.pageSize;
    setQuery({ page: pageSize === query.pageSize ? (pagination.current ?? 1) : 1, pageSize });
  };

  const columnChooser = (
    <div className="dms-devices-columns" data-testid="devices-columns-panel">
      <Checkbox.Group
        value={chosen}
        onChange={(v) => choose(v as OptionalColumn[])}
        options={OPTIONAL_COLUMNS.map((c) => ({
          value: c,
          label: t(c === 'type' ? 'devices.field.type' : `devices.field.${c}`),
        }))}
      />
      <Button size="small" type="link" onClick={() => choose([...DEFAULT_COLUMNS])} data-testid="devices-columns-reset">
        {t('devices.list.columnsReset')}
      </Button>
    </div>
  );

  return (
    <Card
      className="dms-devices-list"
      title={
        <Space size={8} wrap>
          <span>{t(TITLE[preset])}</span>
          <Badge
            status={live === 'live' ? 'processing' : live === 'offline' ? 'error' : 'default'}
            text={<Typography.Text type="secondary">{live === 'offline' ? t('devices.list.reconnecting') : t('devices.list.live')}</Typography.Text>}
            data-testid="devices-live"
            data-live={live}
          />
        </Space>
      }
      extra={
        <Space wrap size={8}>
          <Popover content={columnChooser} trigger="click" placement="bottomRight" title={t('devices.list.columns')}>
            <Button icon={<SettingOutlined />} data-testid="devices-columns">
              {mobile ? null : t('devices.list.columns')}
            </Button>
          </Popover>
          <ExportButton
            testId="devices-export"
            body={() => ({
              kind: 'devices',
              filter: {
                ...(queryRef.current.status ? { status: queryRef.current.status } : {}),
                ...(queryRef.current.q ? { q: queryRef.current.q } : {}),
                sort: queryRef.current.sort,
                order: queryRef.current.order,
              },
            })}
            disabled={data.total === 0}
          />
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('devices.list.refresh')}
            title={t('devices.list.refresh')}
            onClick={() => {
              reload();
              setCountReloads((n) => n + 1);
            }}
            data-testid="devices-reload"
          />
        </Space>
      }
    >
      <div className="dms-devices-toolbar">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('devices.list.search')}
          aria-label={t('devices.list.search')}
          maxLength={DEVICE_SEARCH_MAX}
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          onPressEnter={() => {
            appliedQ.current = searchText.trim();
            setQuery({ q: searchText.trim(), page: 1 });
          }}
          className="dms-devices-search"
          data-testid="devices-search"
        />
        <div className="dms-devices-quick" role="radiogroup" aria-label={t('devices.field.status')}>
          {filters.map((status) => {
            const key = status ?? 'all';
            const selected = query.status === status;
            const Icon = status ? STATUS_ICON[status] : null;
            const count = countOf(counts, status);
            return (
              <Button
                key={key}
                size="small"
                shape="round"
                type={selected ? 'primary' : 'default'}
                onClick={() => setQuery({ status, page: 1 })}
                data-testid={`devices-quick-${key}`}
                data-count={count ?? ''}
                role="radio"
                aria-checked={selected}
                className="dms-devices-quick-tag"
                icon={Icon ? <Icon style={selected ? undefined : { color: status ? STATUS_HEX[status] : undefined }} /> : undefined}
              >
                {status ? statusLabel(t, status) : t('devices.list.all')}
                <span className="dms-devices-quick-count">{count ?? '…'}</span>
              </Button>
            );
          })}
        </div>
      </div>
      <Table<DeviceSummary>
        rowKey="id"
        data-testid="devices-table"
        size={mobile ? 'small' : 'middle'}
        columns={columns}
        dataSource={data.items}
        loading={loading}
        onChange={onTableChange}
        locale={{ emptyText: t('devices.list.empty') }}
        scroll={{ x: 'max-content' }}
        onRow={(d) => ({ 'data-device': `${d.boxId}-${d.controller}`, 'data-status': d.status }) as HTMLAttributes<HTMLElement>}
        pagination={{
          current: query.page,
          pageSize: query.pageSize,
          total: data.total,
          showSizeChanger: true,
          pageSizeOptions: [...PAGE_SIZES],
          showTotal: (total) => <span data-testid="devices-total">{t('devices.list.total', { total })}</span>,
          size: mobile ? 'small' : undefined,
          simple: mobile,
        }}
      />
    </Card>
  );
}
