import { App, Button, Grid, Input, Popconfirm, Select, Space, Tag, type TableColumnsType } from 'antd';
import { api, canAccess, MANAGER_STATES, type ManagerRow, type ManagerState } from '@dms/contract';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { call, endpointQuery } from '../../../api/call';
import { useRoles } from '../../../auth/session';
import { ExportButton } from '../../../components/list-page/ExportButton';
import { oneOfParam, textParam, type ListSpec } from '../../../components/list-page/list-params';
import { ListPage } from '../../../components/list-page/ListPage';
import { RefreshButton } from '../../../components/list-page/RefreshButton';
import { tableWidth, wideOnly } from '../../../components/list-page/table-width';
import { useDraft } from '../../../components/list-page/useDraft';
import { useListParams } from '../../../components/list-page/useListParams';
import { usePagedQuery } from '../../../components/list-page/usePagedQuery';
import { templateName } from '../../../features/templates/labels';
import { useI18n } from '../../../i18n';
import { useAppState } from '../../../settings/app-state';
import { formatTime } from '../../../lib/format-time';
import { ADD_MANAGER_PATH, MANAGER_DEVICE_PATH } from '../labels';
import { useUserDialogs } from '../useUserDialogs';

const MANAGER_LIST: ListSpec<{ q: string | undefined; state: ManagerState | undefined }> = {
  filter: { q: textParam(64), state: oneOfParam(MANAGER_STATES) },
};

/** The browser's time zone, in which the export writes its times. */
const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * /usermanager/edit-manager: the caller's sub-managers with search, paging and .xlsx export; their template, devices,
 * password, disabling, and adding one (docs/people.md).
 */
export default function EditManagerPage() {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const roles = useRoles();
  // On a phone the table scrolls sideways as a whole: fixed columns would cover each other. On a desktop the table fits
  // its card, so the fixed columns cover nothing: phone, CK code and date are shown where there is room for them.
  const mobile = useAppState((st) => st.device === 'mobile');
  const screens = Grid.useBreakpoint();
  const list = useListParams(MANAGER_LIST);
  const { filter, page, pageSize } = list.params;
  const rows = usePagedQuery(endpointQuery(api.usermanager.getManagers, { query: { ...filter, page, page_size: pageSize } }));
  const [q, setQ] = useDraft(filter.q ?? '');
  const { askPassword, askTemplate, dialogs } = useUserDialogs<ManagerRow>({
    testId: 'manager',
    defaultTemplateLabel: t('managers.defaultTemplate'),
    savePassword: (r, password) =>
      call(api.usermanager.resetManagerPassword, { body: { userId: r.id, password } }, { errorDisplay: 'none' }),
    saveTemplate: (r, templateId) =>
      call(api.usermanager.changeManagerModel, { body: { userId: r.id, templateId } }, { errorDisplay: 'none' }),
    onTemplateSaved: rows.reload,
  });

  const columns = useMemo<TableColumnsType<ManagerRow>>(
    () => [
      { key: 'username', title: t('managers.username'), dataIndex: 'username', width: 150, fixed: mobile ? undefined : 'left' },
      { key: 'name', title: t('managers.name'), dataIndex: 'name', width: 110, ellipsis: true },
      { key: 'company', title: t('managers.company'), dataIndex: 'company', width: 170, ellipsis: true },
      { key: 'phone', title: t('managers.phone'), dataIndex: 'phone', width: 130, ...wideOnly(mobile, 'xxxl') },
      { key: 'ck', title: t('managers.ck'), dataIndex: 'ck', width: 90, ...wideOnly(mobile, 'xxxl') },
      {
        key: 'template',
        title: t('people.template'),
        width: 150,
        render: (_: unknown, r) => (r.template ? templateName(t, r.template) : t('managers.defaultTemplate')),
      },
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
      {
        key: 'createdAt',
        title: t('managers.registered'),
        dataIndex: 'createdAt',
        width: 170,
        render: (v: number) => formatTime(v, lang),
        ...wideOnly(mobile, 'xxl'),
      },
      {
        key: 'actions',
        title: t('managers.actions'),
        width: 300,
        fixed: mobile ? undefined : 'right',
        render: (_: unknown, r) => (
          <Space size={4} wrap>
            <Link to={`${MANAGER_DEVICE_PATH}?userId=${r.id}`} data-testid={`manager-devices-${r.username}`}>
              {t('managers.openDevices')}
            </Link>
            <Button
              type="link"
              size="small"
              data-testid={`manager-template-${r.username}`}
              onClick={() => {
                askTemplate(r);
              }}
            >
              {t('people.template')}
            </Button>
            <Button
              type="link"
              size="small"
              data-testid={`manager-password-${r.username}`}
              onClick={() => {
                askPassword(r);
              }}
            >
              {t('managers.setPassword')}
            </Button>
            <Popconfirm
              title={t(r.disabled ? 'managers.enableConfirm' : 'managers.disableConfirm', { username: r.username })}
              okButtonProps={{ danger: !r.disabled, 'data-testid': 'manager-state-ok' }}
              onConfirm={() =>
                void call(api.usermanager.setManagerDisabled, { body: { userId: r.id, disabled: !r.disabled } }).then(() => {
                  void message.success(t(r.disabled ? 'managers.enabledDone' : 'managers.disabledDone', { username: r.username }));
                  rows.reload();
                })
              }
            >
              <Button type="link" size="small" danger={!r.disabled} data-testid={`manager-state-${r.username}`}>
                {t(r.disabled ? 'managers.enable' : 'managers.disable')}
              </Button>
            </Popconfirm>
          </Space>
        ),
      },
    ],
    [t, lang, message, rows, mobile, askPassword, askTemplate],
  );

  return (
    <>
      <ListPage
        title={t('route.editManager')}
        extra={
          <ExportButton testId="manager-export" disabled={rows.data.total === 0} body={() => ({ kind: 'managers', filter, tz: zone() })} />
        }
        toolbar={
          <Space wrap className="dms-toolbar">
            <Input.Search
              data-testid="manager-search"
              aria-label={t('managers.search')}
              placeholder={t('managers.search')}
              maxLength={64}
              allowClear
              style={{ width: 260 }}
              value={q}
              onChange={(e) => {
                setQ(e.target.value);
              }}
              onSearch={(value) => {
                list.setFilter({ ...filter, q: MANAGER_LIST.filter.q.read(value) });
              }}
            />
            <Select<ManagerState | ''>
              data-testid="manager-state-filter"
              aria-label={t('managers.state')}
              style={{ width: 140 }}
              value={filter.state ?? ''}
              options={[
                { value: '', label: t('managers.allStates') },
                ...MANAGER_STATES.map((v) => ({ value: v, label: t(`managers.${v}`) })),
              ]}
              onChange={(v) => {
                list.setFilter({ ...filter, state: v === '' ? undefined : v });
              }}
            />
            <RefreshButton onClick={rows.reload} testId="manager-reload" />
            {canAccess(roles, 'addManager') && (
              <Button
                type="primary"
                data-testid="manager-add"
                onClick={() => {
                  void navigate(ADD_MANAGER_PATH);
                }}
              >
                {t('managers.add')}
              </Button>
            )}
          </Space>
        }
        list={list}
        page={rows}
        columns={columns}
        data-testid="manager-table"
        rowKey="id"
        scroll={{ x: tableWidth(columns, 120, screens) }}
        showTotal={(total) => t('managers.total', { total })}
      />
      {dialogs}
    </>
  );
}
