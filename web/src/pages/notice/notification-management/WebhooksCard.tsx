import { Alert, App, Button, Card, Flex, Modal, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { api, NOTIFICATION_KINDS, type WebhookRow } from '@dms/contract';
import { useMemo, useState } from 'react';
import { call } from '@/api/call';
import { isApiError } from '@/api/client';
import { useInvalidate } from '@/api/invalidate';
import { tableWidth } from '@/components/list-page/table-width';
import { useI18n } from '@/i18n';
import { useAppState } from '@/settings/app-state';
import { CHANNEL_READS } from './check';
import { WebhookModal, type ShownSecret } from './WebhookModal';

/** Runs a row's call; a refusal is shown by the request layer and changes nothing. */
async function quietly(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (e) {
    if (!isApiError(e)) throw e;
  }
}

/**
 * The webhook endpoints: each with the kinds it is posted, whether it is on and the last characters of its secret;
 * added and changed in a dialog, tested (its answer shown), given a new secret and deleted. A secret is shown once, in
 * a dialog, when it is made.
 */
export function WebhooksCard({ webhooks }: { webhooks: readonly WebhookRow[] }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const mobile = useAppState((st) => st.device === 'mobile');
  const [editing, setEditing] = useState<WebhookRow | 'new' | null>(null);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const [tested, setTested] = useState<{ name: string; ok: boolean; detail: string } | null>(null);
  const [testing, setTesting] = useState<number | null>(null);

  const columns = useMemo<TableColumnsType<WebhookRow>>(() => {
    const test = (w: WebhookRow) =>
      quietly(async () => {
        setTesting(w.id);
        setTested(null);
        try {
          const result = await call(api.notice.testWebhook, { params: { id: w.id } });
          setTested({ name: w.name, ...result });
        } finally {
          setTesting(null);
        }
      });
    const rotate = (w: WebhookRow) =>
      quietly(async () => {
        const made = await call(api.notice.rotateWebhookSecret, { params: { id: w.id } });
        setSecret({ name: made.webhook.name, secret: made.secret });
        void invalidate(CHANNEL_READS);
      });
    const remove = (w: WebhookRow) =>
      quietly(async () => {
        await call(api.notice.removeWebhook, { params: { id: w.id } });
        void message.success(t('notice.webhooks.removed', { name: w.name }));
        void invalidate(CHANNEL_READS);
      });
    return [
      {
        key: 'name',
        title: t('notice.webhooks.column.name'),
        width: 150,
        fixed: mobile ? undefined : 'left',
        render: (_: unknown, w) => <span data-testid={`webhook-name-${w.id}`}>{w.name}</span>,
      },
      {
        key: 'url',
        title: t('notice.webhooks.column.url'),
        width: 200,
        ellipsis: { showTitle: false },
        render: (_: unknown, w) => (
          <Tooltip title={w.url}>
            <span data-testid={`webhook-url-${w.id}`}>{w.url}</span>
          </Tooltip>
        ),
      },
      {
        key: 'kinds',
        title: t('notice.webhooks.column.kinds'),
        width: 220,
        render: (_: unknown, w) => (
          <Flex wrap gap={4} data-testid={`webhook-kinds-${w.id}`}>
            {w.kinds.length === NOTIFICATION_KINDS.length ? (
              <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                {t('notice.webhooks.allKinds')}
              </Tag>
            ) : (
              w.kinds.map((k) => (
                <Tag key={k} style={{ marginInlineEnd: 0 }}>
                  {t(`notifications.kind.${k}`)}
                </Tag>
              ))
            )}
          </Flex>
        ),
      },
      {
        key: 'enabled',
        title: t('notice.webhooks.column.enabled'),
        width: 80,
        render: (_: unknown, w) => (
          <Tag color={w.enabled ? 'green' : 'default'} data-testid={`webhook-enabled-${w.id}`} data-enabled={w.enabled ? 'true' : 'false'}>
            {w.enabled ? t('notice.webhooks.on') : t('notice.webhooks.off')}
          </Tag>
        ),
      },
      {
        key: 'secret',
        title: t('notice.webhooks.column.secret'),
        width: 100,
        render: (_: unknown, w) => (
          <Typography.Text code data-testid={`webhook-secret-hint-${w.id}`}>
            {w.secretHint}
          </Typography.Text>
        ),
      },
      {
        key: 'actions',
        title: t('notice.webhooks.column.actions'),
        width: 200,
        fixed: mobile ? undefined : 'right',
        render: (_: unknown, w) => (
          <Space size={0} wrap>
            <Button
              type="link"
              size="small"
              data-testid={`webhook-edit-${w.id}`}
              onClick={() => {
                setEditing(w);
              }}
            >
              {t('notice.webhooks.edit')}
            </Button>
            <Button type="link" size="small" loading={testing === w.id} data-testid={`webhook-test-${w.id}`} onClick={() => void test(w)}>
              {t('notice.webhooks.test')}
            </Button>
            <Popconfirm
              title={t('notice.webhooks.rotateConfirm', { name: w.name })}
              okButtonProps={{ 'data-testid': 'webhook-rotate-ok' }}
              onConfirm={() => void rotate(w)}
            >
              <Button type="link" size="small" data-testid={`webhook-rotate-${w.id}`}>
                {t('notice.webhooks.rotate')}
              </Button>
            </Popconfirm>
            <Popconfirm
              title={t('notice.webhooks.removeConfirm', { name: w.name })}
              okButtonProps={{ danger: true, 'data-testid': 'webhook-delete-ok' }}
              onConfirm={() => void remove(w)}
            >
              <Button type="link" size="small" danger data-testid={`webhook-delete-${w.id}`}>
                {t('notice.webhooks.remove')}
              </Button>
            </Popconfirm>
          </Space>
        ),
      },
    ];
  }, [t, mobile, testing, invalidate, message]);

  return (
    <Card
      size="small"
      className="dms-wrap-head"
      title={t('notice.webhooks.title')}
      data-testid="webhooks-card"
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          data-testid="webhook-add"
          onClick={() => {
            setEditing('new');
          }}
        >
          {t('notice.webhooks.add')}
        </Button>
      }
    >
      <Space orientation="vertical" size="middle" style={{ display: 'flex' }}>
        <Typography.Text type="secondary">{t('notice.webhooks.help')}</Typography.Text>
        {tested && (
          <Alert
            type={tested.ok ? 'success' : 'error'}
            showIcon
            closable={{
              onClose: () => {
                setTested(null);
              },
            }}
            data-testid="webhook-test-result"
            data-ok={tested.ok ? 'true' : 'false'}
            title={t('notice.webhooks.testResult', { name: tested.name })}
            description={tested.detail}
          />
        )}
        <Table<WebhookRow>
          size="small"
          rowKey="id"
          data-testid="webhooks-table"
          dataSource={[...webhooks]}
          columns={columns}
          pagination={false}
          scroll={{ x: tableWidth(columns) }}
          locale={{ emptyText: t('notice.webhooks.empty') }}
        />
      </Space>
      {editing !== null && (
        <WebhookModal
          editing={editing}
          onClose={() => {
            setEditing(null);
          }}
          onSecret={setSecret}
        />
      )}
      <Modal
        open={secret !== null}
        title={secret ? t('notice.webhooks.secretTitle', { name: secret.name }) : null}
        onCancel={() => {
          setSecret(null);
        }}
        mask={{ closable: false }}
        destroyOnHidden
        footer={
          <Button
            type="primary"
            data-testid="webhook-secret-close"
            onClick={() => {
              setSecret(null);
            }}
          >
            {t('notice.webhooks.secretDone')}
          </Button>
        }
      >
        {secret && (
          <Space orientation="vertical" size="middle" style={{ display: 'flex' }} data-testid="webhook-secret-dialog">
            <Alert type="warning" showIcon title={t('notice.webhooks.secretOnce')} />
            <Typography.Paragraph copyable={{ text: secret.secret }} style={{ wordBreak: 'break-all', margin: 0 }}>
              <Typography.Text code data-testid="webhook-secret">
                {secret.secret}
              </Typography.Text>
            </Typography.Paragraph>
            <Typography.Text type="secondary">{t('notice.webhooks.secretHelp')}</Typography.Text>
          </Space>
        )}
      </Modal>
    </Card>
  );
}
