import { Empty, Space } from 'antd';
import { ADMIN_ROLE, canAccess, DEVICE_SEARCH_COUNT_CAP, DEVICE_SEARCH_MAX, LIMITED_ADMIN_ROLE, ROOT_ROLE } from '@dms/contract';
import { Link } from 'react-router';
import type { HTMLAttributes } from 'react';
import { useLiveState } from '@/api/realtime';
import { useRoles } from '@/auth/session';
import { LiveMark } from '@/components/LiveMark';
import { ExportButton } from '@/components/list-page/ExportButton';
import { ListPage } from '@/components/list-page/ListPage';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { SearchInput } from '@/components/list-page/SearchInput';
import { tableWidth } from '@/components/list-page/table-width';
import { useI18n } from '@/i18n';
import { useAppState } from '@/settings/app-state';
import { ColumnChooser, useColumnChoice } from './ColumnChooser';
import { useDeviceColumns } from './columns';
import { LIST_TITLE, QUICK_FILTERS, type ListPreset } from './list-spec';
import { QuickFilters } from './QuickFilters';
import { useDeviceList } from './useDeviceList';
import '@/features/devices/devices.css';

/** The list's title with a mark saying whether its statuses are live. */
function Title({ preset }: { preset: ListPreset }) {
  const { t } = useI18n();
  const live = useLiveState();
  return (
    <Space size={8} wrap>
      <span>{t(LIST_TITLE[preset])}</span>
      <LiveMark testId="devices-live" data-live={live} />
    </Space>
  );
}

/** Roles that reach every device: an empty list is an empty fleet for them, not a question of who gave them what. */
const SEES_ALL: readonly string[] = [ROOT_ROLE, ADMIN_ROLE, LIMITED_ADMIN_ROLE];

/**
 * Why a user reaches no device at all (docs/people.md): nobody assigned or shared one with them yet; who to ask, and
 * add-device when their role may claim a box.
 */
function NoDevices({ canAdd }: { canAdd: boolean }) {
  const { t } = useI18n();
  return (
    <Empty data-testid="devices-none" description={t('devices.list.none')}>
      <p>{t('devices.list.noneHelp')}</p>
      {canAdd && <Link to="/usermanager/add-device">{t('usermanager.route.addDevice')}</Link>}
    </Empty>
  );
}

/**
 * The device list (spec 2 /devices/devices-show) and its filtered lists: server-side filter, sort and pages kept in
 * the URL, status quick filters with counts, a remembered column choice, export with progress, and live status.
 */
export function DeviceListPage({ preset }: { preset: ListPreset }) {
  const { t } = useI18n();
  const mobile = useAppState((s) => s.device === 'mobile');
  const { list, page, counts, reload, exportBody } = useDeviceList(preset);
  const [chosen, choose] = useColumnChoice();
  const columns = useDeviceColumns(chosen, mobile);
  const { filter } = list.params;
  const roles = useRoles();
  const noDevicesAtAll = counts?.all === 0 && !filter.q && !roles.some((r) => SEES_ALL.includes(r));

  return (
    <ListPage
      className="dms-devices-list"
      title={<Title preset={preset} />}
      extra={
        <Space wrap size={8}>
          <ColumnChooser chosen={chosen} onChoose={choose} compact={mobile} />
          <ExportButton testId="devices-export" body={exportBody} disabled={page.data.total === 0} />
          <RefreshButton iconOnly label={t('devices.list.refresh')} onClick={reload} testId="devices-reload" />
        </Space>
      }
      toolbar={
        <div className="dms-devices-toolbar">
          <SearchInput
            placeholder={t('devices.list.search')}
            aria-label={t('devices.list.search')}
            title={t('devices.list.search')}
            maxLength={DEVICE_SEARCH_MAX}
            value={filter.q ?? ''}
            onSearch={(q) => {
              list.setFilter({ q: q || undefined });
            }}
            className="dms-devices-search"
            data-testid="devices-search"
          />
          <QuickFilters
            filters={QUICK_FILTERS[preset]}
            value={filter.status}
            counts={counts}
            onChange={(status) => {
              list.setFilter({ status });
            }}
          />
        </div>
      }
      list={list}
      page={page}
      columns={columns}
      rowKey="id"
      data-testid="devices-table"
      size={mobile ? 'small' : 'middle'}
      locale={{ emptyText: noDevicesAtAll ? <NoDevices canAdd={canAccess(roles, 'addDevice')} /> : t('devices.list.empty') }}
      scroll={{ x: tableWidth(columns) }}
      onRow={(d) => ({ 'data-device': `${d.boxId}-${d.controller}`, 'data-status': d.status }) as HTMLAttributes<HTMLElement>}
      showTotal={(total) =>
        page.answer?.capped ? (
          <span data-testid="devices-total" data-capped="true" title={t('devices.list.cappedHelp', { cap: DEVICE_SEARCH_COUNT_CAP })}>
            {t('devices.list.totalCapped', { total })}
          </span>
        ) : (
          <span data-testid="devices-total">{t('devices.list.total', { total })}</span>
        )
      }
      pagination={{ size: mobile ? 'small' : undefined, simple: mobile }}
    />
  );
}
