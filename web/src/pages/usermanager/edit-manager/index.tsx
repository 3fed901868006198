import { Tag } from 'antd';
import { api, MANAGER_STATES, type ManagerRow, type ManagerState } from '@dms/contract';
import { call, endpointQuery } from '@/api/call';
import { ExportButton } from '@/components/list-page/ExportButton';
import { oneOfParam, textParam, type ListSpec } from '@/components/list-page/list-params';
import { wideOnly } from '@/components/list-page/table-width';
import { MANAGER_PAGES } from '../kinds';
import { ConfirmedAction, PeopleListPage, type ListContext, type SelectFilter } from '../PeopleListPage';

type ManagerFilter = { q: string | undefined; state: ManagerState | undefined };

const MANAGER_LIST: ListSpec<ManagerFilter> = {
  filter: { q: textParam(64), state: oneOfParam(MANAGER_STATES) },
};

const query = (q: ManagerFilter & { page: number; page_size: number }) => endpointQuery(api.usermanager.getManagers, { query: q });

/** A sub-manager's company, phone and CK code before the template; their devices and state after it. */
const columns = ({ t, mobile }: ListContext) => ({
  beforeTemplate: [
    { key: 'company', title: t('managers.company'), dataIndex: 'company', width: 170, ellipsis: true },
    { key: 'phone', title: t('managers.phone'), dataIndex: 'phone', width: 130, ...wideOnly(mobile, 'xxxl') },
    { key: 'ck', title: t('managers.ck'), dataIndex: 'ck', width: 90, ...wideOnly(mobile, 'xxxl') },
  ],
  afterTemplate: [
    {
      key: 'devices',
      title: t('managers.devices'),
      dataIndex: 'assignedDevices',
      width: 130,
      render: (n: number) => t('managers.assigned', { count: n }),
    },
    {
      key: 'state',
      title: t('managers.state'),
      dataIndex: 'disabled',
      width: 100,
      render: (disabled: boolean) =>
        disabled ? <Tag color="default">{t('managers.disabled')}</Tag> : <Tag color="green">{t('managers.enabled')}</Tag>,
    },
  ],
});

/** Disabling or enabling them. */
const toggle = (r: ManagerRow, { t, reload }: ListContext) => (
  <ConfirmedAction
    kind={MANAGER_PAGES}
    action="state"
    username={r.username}
    title={t(r.disabled ? 'managers.enableConfirm' : 'managers.disableConfirm', { username: r.username })}
    label={t(r.disabled ? 'managers.enable' : 'managers.disable')}
    danger={!r.disabled}
    run={() => call(api.usermanager.setManagerDisabled, { body: { userId: r.id, disabled: !r.disabled } })}
    done={t(r.disabled ? 'managers.enabledDone' : 'managers.disabledDone', { username: r.username })}
    onDone={reload}
  />
);

/** Sub-managers enabled, disabled, or all. */
const STATE_FILTER: SelectFilter<ManagerFilter, 'state'> = {
  key: 'state',
  values: MANAGER_STATES,
  label: (t, v) => t(`managers.${v}`),
  title: 'managers.state',
  all: 'managers.allStates',
  testId: 'manager-state-filter',
  width: 140,
};

const WIDTHS = { name: 110, created: 170, actions: 300, search: 260 };

/** The list as filtered, to .xlsx. */
const exportButton = (filter: ManagerFilter, total: number) => (
  <ExportButton testId="manager-export" disabled={total === 0} body={() => ({ kind: 'managers', filter })} />
);

const PAGE = {
  kind: MANAGER_PAGES,
  spec: MANAGER_LIST,
  query,
  select: STATE_FILTER,
  widths: WIDTHS,
  columns,
  action: toggle,
  extra: exportButton,
};

/**
 * /usermanager/edit-manager: the caller's sub-managers with search, paging and .xlsx export; their template, devices,
 * password, disabling, and adding one (docs/people.md).
 */
export default function EditManagerPage() {
  return <PeopleListPage {...PAGE} />;
}
