import { App, Button, Form, Input, Modal, Popconfirm, Select, Space, type TableColumnsType } from 'antd';
import { api, canAccess, HELPER_TYPES, passwordProblem, message as serverMessage, type HelperRow, type HelperType } from '@dms/contract';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { call, endpointQuery } from '../../../api/call';
import { isApiError } from '../../../api/client';
import { useRoles } from '../../../auth/session';
import { oneOfParam, textParam, type ListSpec } from '../../../components/list-page/list-params';
import { ListPage } from '../../../components/list-page/ListPage';
import { RefreshButton } from '../../../components/list-page/RefreshButton';
import { useDraft } from '../../../components/list-page/useDraft';
import { useListParams } from '../../../components/list-page/useListParams';
import { usePagedQuery } from '../../../components/list-page/usePagedQuery';
import { useI18n } from '../../../i18n';
import { formatTime } from '../../../lib/format-time';
import { ADD_HELPER_PATH, HELPER_DEVICE_PATH, helperTypeLabel } from '../helper-labels';

const HELPER_LIST: ListSpec<{ q: string | undefined; helperType: HelperType | undefined }> = {
  filter: { q: textParam(64), helperType: oneOfParam(HELPER_TYPES) },
};

/** /usermanager/edit-helper: the caller's helpers, their shares, password and deletion (docs/people.md). */
export default function EditHelperPage() {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const roles = useRoles();
  const list = useListParams(HELPER_LIST);
  const { filter, page, pageSize } = list.params;
  const rows = usePagedQuery(endpointQuery(api.usermanager.getHelpers, { query: { ...filter, page, page_size: pageSize } }));
  const [q, setQ] = useDraft(filter.q ?? '');
  const [passwordFor, setPasswordFor] = useState<HelperRow | null>(null);

  const columns = useMemo<TableColumnsType<HelperRow>>(
    () => [
      { key: 'username', title: t('helpers.username'), dataIndex: 'username', width: 150, fixed: 'left' },
      { key: 'name', title: t('helpers.name'), dataIndex: 'name', width: 120, ellipsis: true },
      { key: 'phone', title: t('helpers.phone'), dataIndex: 'phone', width: 140 },
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
        render: (_: unknown, r) => r.template?.name ?? t('helpers.defaultTemplate'),
      },
      {
        key: 'devices',
        title: t('helpers.devices'),
        width: 200,
        render: (_: unknown, r) => t('helpers.shared', { shared: r.sharedDevices, switch: r.switchDevices }),
      },
      { key: 'createdAt', title: t('helpers.registered'), dataIndex: 'createdAt', width: 180, render: (v: number) => formatTime(v, lang) },
      {
        key: 'actions',
        title: t('helpers.actions'),
        width: 230,
        fixed: 'right',
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
                setPasswordFor(r);
              }}
            >
              {t('helpers.setPassword')}
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
    [t, lang, message, rows],
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
        scroll={{ x: 1400 }}
        showTotal={(total) => t('helpers.total', { total })}
      />
      <PasswordModal
        helper={passwordFor}
        onClose={() => {
          setPasswordFor(null);
        }}
        onDone={() => {
          void message.success(t('helpers.passwordSet'));
          setPasswordFor(null);
        }}
        lang={lang}
      />
    </>
  );
}

/** Sets a helper's password (spec 5 rules, the server's message on refusal). */
function PasswordModal({
  helper,
  onClose,
  onDone,
  lang,
}: {
  helper: HelperRow | null;
  onClose: () => void;
  onDone: () => void;
  lang: Parameters<typeof serverMessage>[0];
}) {
  const { t } = useI18n();
  const [form] = Form.useForm<{ password: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function save(helper: HelperRow, password: string): Promise<void> {
    setBusy(true);
    setError(null);
    try {
      await call(api.usermanager.changeHelperPassword, { body: { userId: helper.id, password } }, { errorDisplay: 'none' });
      form.resetFields();
      onDone();
    } catch (e) {
      if (isApiError(e) && e.kind !== 'loggedOut') setError(e.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={helper !== null}
      title={helper ? t('helpers.newPassword', { username: helper.username }) : ''}
      okText={t('common.action.ok')}
      cancelText={t('common.action.cancel')}
      confirmLoading={busy}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'helper-password-ok' }}
      onCancel={onClose}
      onOk={() => {
        form.submit();
      }}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={({ password }) => {
          if (helper) void save(helper, password);
        }}
      >
        <Form.Item
          name="password"
          label={t('helpers.password')}
          validateTrigger="onBlur"
          help={error ?? undefined}
          validateStatus={error ? 'error' : undefined}
          rules={[
            {
              validator: (_r, value: unknown) => {
                const key = passwordProblem(typeof value === 'string' ? value : '');
                return key ? Promise.reject(new Error(serverMessage(lang, key))) : Promise.resolve();
              },
            },
          ]}
        >
          <Input.Password data-testid="helper-password-input" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
