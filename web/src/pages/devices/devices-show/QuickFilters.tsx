import { Button } from 'antd';
import { DEVICE_SEARCH_COUNT_CAP, type DeviceListCounts, type DeviceStatus } from '@dms/contract';
import { STATUS_HEX, STATUS_ICON, statusLabel } from '@/features/devices/status';
import { useI18n } from '@/i18n';
import { countLabel, countOf } from './list-spec';

/**
 * The status quick filters of a list, one chosen, each with how many devices it has; a search matching more than its
 * count's cap shows the cap on the whole list's and no count on the statuses'.
 */
export function QuickFilters({
  filters,
  value,
  counts,
  onChange,
}: {
  filters: ReadonlyArray<DeviceStatus | undefined>;
  value: DeviceStatus | undefined;
  counts: DeviceListCounts | null;
  onChange: (status: DeviceStatus | undefined) => void;
}) {
  const { t } = useI18n();
  return (
    <div className="dms-devices-quick" role="radiogroup" aria-label={t('devices.field.status')}>
      {filters.map((status) => {
        const key = status ?? 'all';
        const selected = value === status;
        const Icon = status ? STATUS_ICON[status] : null;
        const count = countOf(counts, status);
        return (
          <Button
            key={key}
            size="small"
            shape="round"
            type={selected ? 'primary' : 'default'}
            onClick={() => {
              onChange(status);
            }}
            data-testid={`devices-quick-${key}`}
            data-count={count ?? ''}
            role="radio"
            aria-checked={selected}
            title={counts?.capped ? t('devices.list.cappedHelp', { cap: DEVICE_SEARCH_COUNT_CAP }) : undefined}
            className="dms-devices-quick-tag"
            icon={Icon ? <Icon style={selected ? undefined : { color: status ? STATUS_HEX[status] : undefined }} /> : undefined}
          >
            {status ? statusLabel(t, status) : t('devices.list.all')}
            <span className="dms-devices-quick-count">{countLabel(counts, status)}</span>
          </Button>
        );
      })}
    </div>
  );
}
