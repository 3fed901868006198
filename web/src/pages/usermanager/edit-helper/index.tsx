import { App, Button, Grid, Input, Popconfirm, Select, Space, type TableColumnsType } from 'antd';
import { api, canAccess, HELPER_TYPES, type HelperRow, type HelperType } from '@dms/contract';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { call, endpointQuery } from '../../../api/call';
import { useRoles } from '../../../auth/session';
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
import { ADD_HELPER_PATH, HELPER_DEVICE_PATH, helperTypeLabel } from '../labels';
import { useUserDialogs } from '../useUserDialogs';

const HELPER_LIST: ListSpec<{ q: string | undefined; helperType: HelperType | undefined }> = {
  filter: { q: textParam(64), helperType: oneOfParam(HELPER_TYPES) },
};

/** /usermanager/edit-helper: the caller's helpers, their shares, password and deletion (docs/people.md). */
export default function EditHelperPage() {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const roles = useRoles();
  // On a phone the table scrolls sideways as a whole: fixed columns would cover each other. On a desktop the table fits
  // its card, so the fixed columns cover nothing: phone and date are shown where there is room for them.
  const mobile = useAppState((st) => st.device === 'mobile');
  const screens = Grid.useBreakpoint();
  const list = useListParams(HELPER_LIST);
  const { filter, page, pageSize } = list.params;
  const rows = usePagedQuery(endpointQuery(api.usermanager.getHelpers, { query: { ...filter, page, page_size: pageSize } }));
  const [q, setQ] = useDraft(filter.q ?? '');
  const { askPassword, askTemplate, dialogs } = useUserDialogs<HelperRow>({
    testId: 'helper',
    defaultTemplateLabel: t('helpers.defaultTemplate'),
    savePassword: (r, password) =>
      call(api.usermanager.changeHelperPassword, { body: { userId: r.id, password } }, { errorDisplay: 'none' }),
    saveTemplate: (r, templateId) =>
      call(api.usermanager.changeHelperModel, { body: { userId: r.id, templateId } }, { errorDisplay: 'none' }),
    onTemplateSaved: rows.reload,
  });

  const columns = useMemo<TableColumnsType<HelperRow>>(
    () => [
      { key: 'username', title: t('helpers.username'), dataIndex: 'username', width: 150, fixed: mobile ? undefined : 'left' },
      { key: 'name', title: t('helpers.name'), dataIndex: 'name', width: 120, ellipsis: true },
      { key: 'phone', title: t('helpers.phone'), dataIndex: 'phone', width: 140, ...wideOnly(mobile, 'xxxl') },
      {
        key: 'type',
        title: t('helpers.type'),
        dataIndex: 'helperType',
        width: 110,
        render: (v: HelperType | null) => helperTypeLabel(t, v),
      },
      { key: 'region', title: t('helpers.region'), dataIndex: 'region', width: 120, ellipsis: true },
      {
        key: 'template',
        title: t('helpers.template'),
        width: 150,
        render: (_: unknown, r) => (r.template ? templateName(t, r.template) : t('helpers.defaultTemplate')),
      },
      {
        key: 'devices',
        title: t('helpers.devices'),
        width: 180,
        render: (_: unknown, r) => t('helpers.shared', { shared: r.sharedDevices, switch: r.switchDevices }),
      },
      {
        key: 'createdAt',
        title: t('helpers.registered'),
        dataIndex: 'createdAt',
        width: 180,
        render: (v: number) => formatTime(v, lang),
        ...wideOnly(mobile, 'xxl'),
      },
      {
        key: 'actions',
        title: t('helpers.actions'),
        width: 280,
        fixed: mobile ? undefined : 'right',
        render: (_: unknown, r) => (
          <Space size={4} wrap>
            <Link to={`${HELPER_DEVICE_PATH}?userId=${r.id}`} data-testid={`helper-devices-${r.username}`}>
              {t('helpers.openDevices')}
            </Link>
            <Button
              type="link"
              size="small"
              data-testid={`helper-password-${r.username}`}
              onClick={() => {
                askPassword(r);
              }}
            >
              {t('helpers.setPassword')}
            </Button>
            <Button
              type="link"
              size="small"
              data-testid={`helper-template-${r.username}`}
              onClick={() => {
                askTemplate(r);
              }}
            >
              {t('people.template')}
            </Button>
            <Popconfirm
              title={t('helpers.deleteConfirm', { username: r.username })}
              okButtonProps={{ danger: true, 'data-testid': 'helper-delete-ok' }}
              onConfirm={() =>
                void call(api.usermanager.delHelper, { query: { userId: r.id } }).then(() => {
                  void message.success(t('helpers.deleted', { username: r.username }));
                  rows.reload();
                })
              }
            >
              <Button type="link" size="small" danger data-testid={`helper-delete-${r.username}`}>
                {t('helpers.deleteHelper')}
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
        title={t('route.editHelper')}
        toolbar={
          <Space wrap className="dms-toolbar">
            <Input.Search
              data-testid="helper-search"
              aria-label={t('helpers.search')}
              placeholder={t('helpers.search')}
              maxLength={64}
              allowClear
              style={{ width: 240 }}
              value={q}
              onChange={(e) => {
                setQ(e.target.value);
              }}
              onSearch={(value) => {
                list.setFilter({ ...filter, q: HELPER_LIST.filter.q.read(value) });
              }}
            />
            <Select<HelperType | ''>
              data-testid="helper-type-filter"
              aria-label={t('helpers.type')}
              style={{ width: 160 }}
              value={filter.helperType ?? ''}
              options={[
                { value: '', label: t('helpers.allTypes') },
                ...HELPER_TYPES.map((v) => ({ value: v, label: helperTypeLabel(t, v) })),
              ]}
              onChange={(v) => {
                list.setFilter({ ...filter, helperType: v === '' ? undefined : v });
              }}
            />
            <RefreshButton onClick={rows.reload} testId="helper-reload" />
            {canAccess(roles, 'addHelper') && (
              <Button
                type="primary"
                data-testid="helper-add"
                onClick={() => {
                  void navigate(ADD_HELPER_PATH);
                }}
              >
                {t('helpers.add')}
              </Button>
            )}
          </Space>
        }
        list={list}
        page={rows}
        columns={columns}
        data-testid="helper-table"
        rowKey="id"
        scroll={{ x: tableWidth(columns, 120, screens) }}
        showTotal={(total) => t('helpers.total', { total })}
      />
      {dialogs}
    </>
  );
}
