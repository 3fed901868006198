import { EditOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Input, Segmented, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { type ControllerTypeDetail, type DeviceDetail, type RegisterDef, type WriteResult } from '@dms/contract';
import { useMemo, useState, type HTMLAttributes } from 'react';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { useAppState } from '@/settings/app-state';
import {
  bitsSeverity,
  formatLabel,
  formatRegisterValue,
  localized,
  permittedRegisters,
  registerName,
  registerRaw,
  withheldWhy,
} from '@/features/devices/registers';
import { WithheldValue } from '@/features/devices/Withheld';
import { WriteDialog } from '@/features/devices/detail/WriteDialog';

/** Whether this user may write this register: any writable one with the write right, start/stop with the switch right. */
export function mayWrite(device: Pick<DeviceDetail, 'canWrite' | 'canSwitch' | 'template'>, def: RegisterDef): boolean {
  if (!def.writable || device.template.noWrite.includes(def.number)) return false;
  return device.canWrite || (device.canSwitch && def.role === 'switch');
}

/**
 * The register table (number, parameter name in the user's language, value formatted, display format, unit,
 * writable, decimals), updating live as values arrive; a write control on the registers this user may write.
 */
export function RegisterTable({
  device,
  type,
  values,
  ts,
}: {
  device: DeviceDetail;
  type: ControllerTypeDetail | null;
  values: Record<string, number>;
  ts: number | null;
}) {
  const { t, lang } = useI18n();
  const mobile = useAppState((s) => s.device === 'mobile');
  const [search, setSearch] = useState('');
  const [writing, setWriting] = useState<RegisterDef | null>(null);
  const [lastWrites, setLastWrites] = useState<Record<number, WriteResult>>({});

  const [groupAt, setGroupAt] = useState(0);
  const groups = device.page.groups;
  const group = groups[Math.min(groupAt, groups.length - 1)];

  const rows = useMemo(() => {
    // The registers the type's page shows, in its groups and order (/device-type/type-config/page): the chosen group,
    // or every group when searching. Registers the user's permission template does not let them read are left out
    // (docs/people.md); on a device whose data is hidden from the user the others stay listed, their values withheld.
    const byNumber = new Map((type?.registers ?? []).map((r) => [r.number, r]));
    const q = search.trim().toLowerCase();
    const numbers = q ? [...new Set(groups.flatMap((g) => g.registers))] : (group?.registers ?? []);
    const registers = permittedRegisters(
      numbers.flatMap((n) => byNumber.get(n) ?? []),
      device.template,
    );
    if (!q) return registers;
    return registers.filter((r) => String(r.number).includes(q) || registerName(r, lang).toLowerCase().includes(q) || r.key.includes(q));
  }, [type, search, lang, device.template, groups, group]);

  const columns = useMemo<TableColumnsType<RegisterDef>>(() => {
    const ctx = { t, lang };
    const all: TableColumnsType<RegisterDef> = [
      { key: 'number', title: t('devices.register.number'), dataIndex: 'number', width: 90 },
      { key: 'name', title: t('devices.register.name'), width: 240, render: (_: unknown, r: RegisterDef) => registerName(r, lang) },
      {
        key: 'value',
        title: t('devices.register.value'),
        width: 220,
        render: (_: unknown, r: RegisterDef) => {
          const why = withheldWhy(device, r.number);
          if (why) return <WithheldValue why={why} testId={`register-value-${r.number}`} />;
          const raw = registerRaw(r, values);
          const severity = bitsSeverity(r, raw);
          const text = formatRegisterValue(r, raw, ctx);
          return (
            <span
              data-testid={`register-value-${r.number}`}
              data-raw={raw ?? ''}
              className={severity === 'fault' ? 'dms-register-value-fault' : severity === 'alert' ? 'dms-register-value-alert' : undefined}
            >
              {text}
              {mobile && r.format === 'number' && r.unit && raw !== undefined ? ` ${r.unit}` : ''}
            </span>
          );
        },
      },
      { key: 'format', title: t('devices.register.format'), width: 120, render: (_: unknown, r: RegisterDef) => formatLabel(t, r.format) },
      { key: 'unit', title: t('devices.register.unit'), dataIndex: 'unit', width: 90, render: (v: string) => v || '—' },
      {
        key: 'writable',
        title: t('devices.register.writable'),
        dataIndex: 'writable',
        width: 90,
        render: (v: boolean) => (v ? <Tag color="blue">{t('devices.register.yes')}</Tag> : <Tag>{t('devices.register.no')}</Tag>),
      },
      { key: 'decimals', title: t('devices.register.decimals'), dataIndex: 'decimals', width: 90 },
      {
        key: 'write',
        title: t('devices.register.write'),
        width: 120,
        render: (_: unknown, r: RegisterDef) => {
          if (!mayWrite(device, r)) return null;
          const last = lastWrites[r.number];
          return (
            <span className="dms-register-write">
              <Button
                size="small"
                icon={<EditOutlined />}
                onClick={() => {
                  setWriting(r);
                }}
                data-testid={`register-write-${r.number}`}
              >
                {mobile ? null : t('devices.register.write')}
              </Button>
              {last && (
                <Tag
                  color={last.outcome === 'acknowledged' ? 'success' : last.outcome === 'rejected' ? 'error' : 'warning'}
                  style={{ marginInlineStart: 6 }}
                  data-testid={`register-last-write-${r.number}`}
                  data-outcome={last.outcome}
                >
                  {last.outcome === 'acknowledged' ? '✓' : last.outcome === 'rejected' ? '✗' : '?'}
                </Tag>
              )}
            </span>
          );
        },
      },
    ];
    if (!mobile) return all;
    return all.filter((c) => c.key === 'number' || c.key === 'name' || c.key === 'value' || c.key === 'write');
  }, [t, lang, values, device, lastWrites, mobile]);

  return (
    <Card
      size="small"
      title={t('devices.detail.registers')}
      data-testid="device-registers"
      extra={
        <Typography.Text type="secondary" data-testid="device-read-at">
          {!device.reach.data
            ? t('devices.detail.valuesHidden')
            : ts === null
              ? t('devices.detail.noValues')
              : t('devices.detail.readAt', { time: formatTime(ts, lang) })}
        </Typography.Text>
      }
    >
      {device.typeId === null ? (
        <Alert type="info" showIcon title={t('devices.detail.noType')} />
      ) : (
        <>
          {groups.length > 1 && (
            <Segmented<number>
              block={mobile}
              aria-label={t('devices.detail.allGroups')}
              data-testid="register-groups"
              style={{ marginBottom: 12, maxWidth: '100%', overflowX: 'auto' }}
              value={Math.min(groupAt, groups.length - 1)}
              options={groups.map((g, i) => ({
                value: i,
                label: <span data-testid={`register-group-${i}`}>{localized(g.name, lang)}</span>,
              }))}
              onChange={setGroupAt}
            />
          )}
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('devices.detail.searchRegister')}
            aria-label={t('devices.detail.searchRegister')}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
            }}
            className="dms-devices-search"
            style={{ marginBottom: 12 }}
            data-testid="register-search"
          />
          <Table<RegisterDef>
            rowKey="number"
            size="small"
            columns={columns}
            dataSource={rows}
            loading={type === null}
            pagination={false}
            scroll={{ x: 'max-content' }}
            onRow={(r) => ({ 'data-register': r.number }) as HTMLAttributes<HTMLElement>}
            data-testid="register-table"
          />
        </>
      )}
      {writing && (
        <WriteDialog
          device={device}
          def={writing}
          raw={registerRaw(writing, values)}
          onClose={() => {
            setWriting(null);
          }}
          onWritten={(register, result) => {
            setLastWrites((w) => ({ ...w, [register]: result }));
          }}
        />
      )}
    </Card>
  );
}
