import { API_KEY_DEFAULT_DAYS, API_SCOPES, api, type ApiKeyItem, type ApiKeyState, type ApiScope, type CreatedApiKey } from '@dms/contract';
import { Alert, Button, Checkbox, Form, Input, Modal, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { call, endpointQuery } from '@/api/call';
import { useSubmit } from '@/components/forms/useSubmit';
import { DeleteRowButton } from '@/components/list-page/DeleteRowButton';
import type { ListControl } from '@/components/list-page/list-control';
import type { ListSpec } from '@/components/list-page/list-params';
import { ListPage } from '@/components/list-page/ListPage';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { useLocalListParams } from '@/components/list-page/useListParams';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';

const KEY_LIST: ListSpec<Record<string, never>> = { filter: {} };
/** What creating or revoking a key changes. */
const KEY_READS = [api.user.apiKeys];
const EXPIRY_DAYS = [30, 90, 180, 365] as const;
/** Each scope's words (locale keys cannot hold a colon). */
const SCOPE_WORDS = {
  'devices:read': 'apiKeys.scope.devices_read',
  'devices:write': 'apiKeys.scope.devices_write',
  'events:read': 'apiKeys.scope.events_read',
} as const;
const STATE_COLOR: Record<ApiKeyState, string> = {
  active: 'green',
  expired: 'default',
  revoked: 'default',
  userDisabled: 'red',
  passwordChanged: 'orange',
};

function useKeyColumns(list: ListControl<Record<string, never>>, rowsOnPage: number) {
  const { t, lang } = useI18n();
  return useMemo<TableColumnsType<ApiKeyItem>>(
    () => [
      { key: 'name', title: t('apiKeys.column.name'), dataIndex: 'name', width: 160 },
      {
        key: 'prefix',
        title: t('apiKeys.column.prefix'),
        dataIndex: 'prefix',
        width: 170,
        render: (p: string) => <Typography.Text code>{`dms_${p}_…`}</Typography.Text>,
      },
      {
        key: 'scopes',
        title: t('apiKeys.column.scopes'),
        dataIndex: 'scopes',
        render: (scopes: string[]) => (
          <Space size={4} wrap>
            {scopes.map((s) => (
              <Tag key={s}>{s}</Tag>
            ))}
          </Space>
        ),
      },
      {
        key: 'createdAt',
        title: t('apiKeys.column.created'),
        dataIndex: 'createdAt',
        width: 170,
        render: (v: number) => formatTime(v, lang),
      },
      {
        key: 'expiresAt',
        title: t('apiKeys.column.expires'),
        dataIndex: 'expiresAt',
        width: 170,
        render: (v: number) => formatTime(v, lang),
      },
      {
        key: 'lastUsedAt',
        title: t('apiKeys.column.lastUsed'),
        dataIndex: 'lastUsedAt',
        width: 170,
        render: (v: number | null) => (v === null ? t('apiKeys.never') : formatTime(v, lang)),
      },
      { key: 'lastIp', title: t('apiKeys.column.lastAddress'), dataIndex: 'lastIp', width: 140, render: (v: string | null) => v ?? '—' },
      {
        key: 'state',
        title: t('apiKeys.column.state'),
        dataIndex: 'state',
        width: 150,
        render: (s: ApiKeyState) => <Tag color={STATE_COLOR[s]}>{t(`apiKeys.state.${s}`)}</Tag>,
      },
      {
        key: 'actions',
        title: '',
        width: 100,
        render: (_: unknown, k: ApiKeyItem) =>
          k.state === 'active' ? (
            <DeleteRowButton
              confirm={t('apiKeys.revokeConfirm', { name: k.name })}
              label={t('apiKeys.revoke')}
              testId={`api-key-revoke-${k.prefix}`}
              okTestId="api-key-revoke-ok"
              remove={() => call(api.user.revokeApiKey, { body: { id: k.id } })}
              deleted={t('apiKeys.revoked')}
              invalidates={KEY_READS}
              list={list}
              rowsOnPage={rowsOnPage}
            />
          ) : null,
      },
    ],
    [t, lang, list, rowsOnPage],
  );
}

interface NewKeyValues {
  name: string;
  scopes: ApiScope[];
  expiresInDays: number;
}

/** Creating a key: its name, scopes and expiry; then the key, shown this once to copy. */
function CreateKeyButton() {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [form] = Form.useForm<NewKeyValues>();
  const create = useSubmit(
    async (values: NewKeyValues) => {
      setCreated(await call(api.user.createApiKey, { body: values }, { errorDisplay: 'none' }));
    },
    { invalidates: KEY_READS },
  );
  const close = () => {
    setOpen(false);
    setCreated(null);
    form.resetFields();
    create.clearError();
  };
  return (
    <>
      <Button
        type="primary"
        onClick={() => {
          setOpen(true);
        }}
        data-testid="api-key-create"
      >
        {t('apiKeys.create')}
      </Button>
      <Modal
        open={open}
        title={t('apiKeys.createTitle')}
        onCancel={close}
        destroyOnHidden
        footer={
          created ? (
            <Button type="primary" onClick={close} data-testid="api-key-close">
              {t('apiKeys.close')}
            </Button>
          ) : (
            <Space>
              <Button onClick={close}>{t('apiKeys.cancel')}</Button>
              <Button
                type="primary"
                loading={create.busy}
                onClick={() => {
                  form.submit();
                }}
                data-testid="api-key-create-ok"
              >
                {t('apiKeys.createOk')}
              </Button>
            </Space>
          )
        }
      >
        {created ? (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Alert type="warning" showIcon title={t('apiKeys.copyNow')} />
            <Typography.Paragraph copyable={{ text: created.key }} data-testid="api-key-new">
              <Typography.Text code style={{ wordBreak: 'break-all' }}>
                {created.key}
              </Typography.Text>
            </Typography.Paragraph>
          </Space>
        ) : (
          <Form<NewKeyValues>
            form={form}
            layout="vertical"
            initialValues={{ name: '', scopes: ['devices:read'], expiresInDays: API_KEY_DEFAULT_DAYS }}
            onFinish={(v) => void create.run(v)}
            onValuesChange={create.clearError}
          >
            <Form.Item
              name="name"
              label={t('apiKeys.name')}
              rules={[{ required: true, whitespace: true, max: 64, message: t('apiKeys.nameRule') }]}
            >
              <Input maxLength={64} data-testid="api-key-name" placeholder={t('apiKeys.namePlaceholder')} />
            </Form.Item>
            <Form.Item
              name="scopes"
              label={t('apiKeys.scopes')}
              rules={[{ required: true, type: 'array', min: 1, message: t('apiKeys.scopesRule') }]}
            >
              <Checkbox.Group data-testid="api-key-scopes">
                <Space orientation="vertical">
                  {API_SCOPES.map((s) => (
                    <Checkbox key={s} value={s} data-testid={`api-key-scope-${s}`}>
                      <Typography.Text code>{s}</Typography.Text> {t(SCOPE_WORDS[s])}
                    </Checkbox>
                  ))}
                </Space>
              </Checkbox.Group>
            </Form.Item>
            <Form.Item name="expiresInDays" label={t('apiKeys.expiry')}>
              <Select
                data-testid="api-key-expiry"
                options={EXPIRY_DAYS.map((d) => ({ value: d, label: t('apiKeys.days', { count: d }) }))}
                style={{ width: 200 }}
              />
            </Form.Item>
            {create.error && <Alert type="error" showIcon title={create.error} data-testid="api-key-create-error" />}
          </Form>
        )}
      </Modal>
    </>
  );
}

/**
 * The profile's API keys (issue 27): each key's name, prefix, scopes, created, expires, last used and from where, and
 * whether it still works (or why not); create one (shown once), revoke one. A key acts as its user on the calls its
 * scopes cover (docs/api.md "API keys").
 */
export function MyApiKeys() {
  const { t } = useI18n();
  const list = useLocalListParams(KEY_LIST);
  const { page, pageSize } = list.params;
  const rows = usePagedQuery(endpointQuery(api.user.apiKeys, { query: { page, page_size: pageSize } }));
  const columns = useKeyColumns(list, rows.data.items.length);
  return (
    <ListPage
      className="dms-api-keys"
      title={t('apiKeys.title')}
      extra={
        <Space wrap>
          <RefreshButton onClick={rows.reload} testId="api-keys-reload" />
          <CreateKeyButton />
        </Space>
      }
      toolbar={<Typography.Paragraph type="secondary">{t('apiKeys.hint')}</Typography.Paragraph>}
      list={list}
      page={rows}
      columns={columns}
      rowKey="id"
      data-testid="api-keys-table"
      scroll={{ x: 1300 }}
      showTotal={(total) => t('apiKeys.total', { total })}
    />
  );
}
