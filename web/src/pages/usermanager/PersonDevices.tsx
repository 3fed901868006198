import { App, Button, Card, Popconfirm, Space, Table, type TableColumnType, type TableColumnsType } from 'antd';
import type { DeviceStatus, EndpointSpec, Language, PersonDeviceRow, PersonSummary } from '@dms/contract';
import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { call } from '@/api/call';
import { useInvalidate } from '@/api/invalidate';
import { detailPath } from '@/features/devices/links';
import { StatusTag } from '@/features/devices/status';
import type { PageOf } from '@/components/list-page/usePagedQuery';
import { useI18n } from '@/i18n';
import type { TKey, Translate } from '@/i18n/types';
import { formatTime } from '@/lib/format-time';
import { useAppState } from '@/settings/app-state';
import type { PersonPages } from './kinds';

/** How many of a person's devices a table of their page lists. */
const DEVICES_PAGE_SIZE = 200;

/** The query of a list of a person's devices: theirs, the first page. */
export type PersonDevicesQuery = { userId: number; page: number; page_size: number };

/**
 * The two lists of a person's page and what changes them: the devices linked to them (`linked`: shared, assigned)
 * and those the caller may link (`linkable`), and the reads a change of a link touches (`changes`: both lists, and the
 * count in the list of people).
 */
export interface PersonDeviceLists<R extends PersonDeviceRow, KL extends QueryKey, KU extends QueryKey> {
  linked: (q: PersonDevicesQuery) => UseQueryOptions<PageOf<R>, Error, PageOf<R>, KL>;
  linkable: (q: PersonDevicesQuery) => UseQueryOptions<PageOf<R>, Error, PageOf<R>, KU>;
  changes: readonly EndpointSpec[];
}

/**
 * What the page of a person's devices works with: both lists, the devices picked in the second, the base columns
 * (`companyWidth` wide for the company), and `run(work)`, which marks the page busy, says how many links changed,
 * clears the pick, calls `onDone`, and reads again what the change touched.
 */
export function usePersonDevices<R extends PersonDeviceRow, KL extends QueryKey, KU extends QueryKey>(
  kind: PersonPages,
  person: PersonSummary,
  lists: PersonDeviceLists<R, KL, KU>,
  companyWidth: number,
  onDone: () => void = () => undefined,
) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  // On a phone the tables scroll sideways as a whole: fixed columns would leave no room between them.
  const mobile = useAppState((st) => st.device === 'mobile');
  const page = { userId: person.id, page: 1, page_size: DEVICES_PAGE_SIZE };
  const linked = useQuery(lists.linked(page));
  const linkable = useQuery(lists.linkable(page));
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  async function run(work: () => Promise<{ changed: number }>): Promise<void> {
    setBusy(true);
    try {
      const { changed } = await work();
      void message.success(t(`${kind.ns}.changed`, { count: changed }));
      setSelected([]);
      onDone();
    } finally {
      setBusy(false);
      await invalidate(lists.changes);
    }
  }
  const base = deviceColumns<R>(t, kind, mobile, companyWidth);
  /** Nothing is linked to them (on the first page): the actions on all have nothing to act on. */
  const none = (linked.data?.items.length ?? 0) === 0;
  return { kind, person, t, lang, mobile, userId: person.id, linked, linkable, none, selected, setSelected, busy, run, base };
}

/** What `usePersonDevices` answers. */
export type PersonDevices<R extends PersonDeviceRow> = ReturnType<typeof usePersonDevices<R, QueryKey, QueryKey>>;

/** What a card of a person's page shows beside its rows: its columns, how wide they are together, its actions. */
export interface DevicesCardParts<R> {
  columns: TableColumnsType<R>;
  scrollX: number;
  actions?: ReactNode;
}

/**
 * The two cards of a person's page: the devices linked to them, with the kind's actions and then the recall of all,
 * and those the caller may link (picked by checkbox, `${testId}-pick-<box>-<controller>`), with the kind's actions.
 */
export function PersonDevicesCards<R extends PersonDeviceRow>({
  page,
  linked,
  linkable,
}: {
  page: PersonDevices<R>;
  linked: DevicesCardParts<R>;
  linkable: DevicesCardParts<R>;
}) {
  const { kind, person, t, busy, run } = page;
  const title = (key: TKey, rows: UseQueryResult<PageOf<R>>) => t(key, { username: person.username, total: rows.data?.total ?? 0 });
  return (
    <>
      <DevicesCard
        title={title(kind.linkedTitle, page.linked)}
        testId={kind.linkedTable}
        rows={page.linked}
        columns={linked.columns}
        scrollX={linked.scrollX}
        actions={
          <>
            {linked.actions}
            <RecallAll kind={kind} person={person} busy={busy} disabled={page.none} run={run} />
          </>
        }
      />
      <DevicesCard
        title={title(kind.linkableTitle, page.linkable)}
        testId={kind.linkableTable}
        rows={page.linkable}
        pick={{ selected: page.selected, onChange: page.setSelected, testId: `${kind.testId}-pick` }}
        {...linkable}
      />
    </>
  );
}

/** The columns of a device on a person's page: the device (its page), company, station, model and status. */
function deviceColumns<R extends PersonDeviceRow>(
  t: Translate,
  kind: PersonPages,
  mobile: boolean,
  companyWidth: number,
): TableColumnsType<R> {
  const { ns } = kind;
  return [
    {
      key: 'device',
      title: t(`${ns}.device`),
      width: 120,
      fixed: mobile ? undefined : 'left',
      render: (_: unknown, r) => <Link to={detailPath(null, r.boxId, r.controller)}>{`${r.boxId}/${r.controller}`}</Link>,
    },
    { key: 'company', title: t(`${ns}.company`), dataIndex: 'company', width: companyWidth, ellipsis: true },
    { key: 'station', title: t(`${ns}.station`), dataIndex: 'stationNo', width: 100, ellipsis: true },
    { key: 'model', title: t(`${ns}.model`), dataIndex: 'model', width: 110, ellipsis: true },
    { key: 'status', title: t(`${ns}.status`), dataIndex: 'status', width: 130, render: (s: DeviceStatus) => <StatusTag status={s} /> },
  ];
}

/** When the device was linked to the person (shared, assigned). */
export function linkedAtColumn<R>(key: string, title: string, lang: Language): TableColumnType<R> {
  return { key, title, dataIndex: key, width: 170, render: (v: number | null) => (v ? formatTime(v, lang) : '-') };
}

/** A column of actions at the table's right edge (fixed there but on a phone, where the table scrolls as a whole). */
export function edgeColumn<R>(key: string, title: string, width: number, mobile: boolean, render: (r: R) => ReactNode): TableColumnType<R> {
  return { key, title, width, fixed: mobile ? undefined : 'right', render: (_: unknown, r: R) => render(r) };
}

/**
 * A card of a person's page: its actions above one table of devices (`${testId}` on it), with the rows to pick when
 * `pick` is given (`${pick.testId}-<box>-<controller>` on each checkbox).
 */
function DevicesCard<R extends PersonDeviceRow>({
  title,
  actions,
  testId,
  rows,
  columns,
  scrollX,
  pick,
}: {
  title: string;
  actions?: ReactNode;
  testId: string;
  rows: UseQueryResult<{ total: number; items: R[] }>;
  columns: TableColumnsType<R>;
  scrollX: number;
  pick?: { selected: number[]; onChange: (ids: number[]) => void; testId: string };
}) {
  return (
    <Card title={title}>
      <Space wrap size={4} className="dms-helper-device-actions">
        {actions}
      </Space>
      <Table<R>
        data-testid={testId}
        rowKey="deviceId"
        size="small"
        loading={rows.isFetching}
        columns={columns}
        dataSource={rows.data?.items ?? []}
        pagination={false}
        scroll={{ x: scrollX }}
        rowSelection={
          pick && {
            selectedRowKeys: pick.selected,
            onChange: (keys) => {
              pick.onChange(keys.map(Number));
            },
            getCheckboxProps: (r) => ({ 'data-testid': `${pick.testId}-${r.boxId}-${r.controller}` }) as object,
          }
        }
      />
    </Card>
  );
}

/** Takes back every device linked to the person, after asking (`${testId}-recall-all`, `-ok`). */
function RecallAll({
  kind,
  person,
  busy,
  disabled,
  run,
}: {
  kind: PersonPages;
  person: PersonSummary;
  busy: boolean;
  disabled: boolean;
  run: (work: () => Promise<{ changed: number }>) => Promise<void>;
}) {
  const { t } = useI18n();
  const { ns, testId } = kind;
  return (
    <Popconfirm
      title={t(`${ns}.recallAllConfirm`, { username: person.username })}
      okButtonProps={{ danger: true, 'data-testid': `${testId}-recall-all-ok` }}
      onConfirm={() => void run(() => call(kind.recallAll, { body: { userId: person.id } }))}
    >
      <Button size="small" danger disabled={busy || disabled} data-testid={`${testId}-recall-all`}>
        {t(`${ns}.recallAll`)}
      </Button>
    </Popconfirm>
  );
}
