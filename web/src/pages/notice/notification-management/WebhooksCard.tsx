import {
  Alert,
  App,
  Button,
  Card,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { api, NOTIFICATION_KINDS, webhookBody, type NotificationKind, type WebhookRow } from '@dms/contract';
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { call } from '@/api/call';
import { isApiError } from '@/api/client';
import { useInvalidate } from '@/api/invalidate';
import { FormModal } from '@/components/forms/FormModal';
import { touches, type Problem } from '@/components/forms/issues';
import { useFieldIssues } from '@/components/forms/useFieldIssues';
import { useSubmit } from '@/components/forms/useSubmit';
import { tableWidth } from '@/components/list-page/table-width';
import { useI18n, type TKey } from '@/i18n';
import { useAppState } from '@/settings/app-state';
import { CHANNEL_READS, check, refusedFields } from './check';

/** A secret as it is shown, this once: after a webhook is added or given a new one. */
interface ShownSecret {
  name: string;
  secret: string;
}

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

interface WebhookForm {
  name: string;
  url: string;
  kinds: NotificationKind[];
  enabled: boolean;
}

const LABEL: Record<string, TKey> = {
  name: 'notice.webhooks.name',
  url: 'notice.webhooks.url',
  kinds: 'notice.webhooks.kinds',
  enabled: 'notice.webhooks.enabled',
};

/** Adds a webhook (its secret then shown once) or changes one (its secret stays). */
function WebhookModal({
  editing,
  onClose,
  onSecret,
}: {
  editing: WebhookRow | 'new';
  onClose: () => void;
  onSecret: (shown: ShownSecret) => void;
}) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const [form] = Form.useForm<WebhookForm>();
  const [problems, setProblems] = useState<Problem[] | null>(null);
  const { showServer, edited, item } = useFieldIssues(problems, (path) => t(LABEL[path.split('.')[0] ?? ''] ?? 'notice.webhooks.name'));
  const isNew = editing === 'new';

  const { busy, error, run, clearError } = useSubmit(async (body: z.output<typeof webhookBody>) => {
    showServer([]);
    try {
      if (editing === 'new') {
        const made = await call(api.notice.createWebhook, { body }, { errorDisplay: 'none' });
        void message.success(t('notice.webhooks.created', { name: made.webhook.name }));
        onSecret({ name: made.webhook.name, secret: made.secret });
      } else {
        const saved = await call(api.notice.updateWebhook, { params: { id: editing.id }, body }, { errorDisplay: 'none' });
        void message.success(t('notice.webhooks.saved', { name: saved.name }));
      }
    } catch (e) {
      if (refusedFields(e, showServer)) return;
      throw e;
    }
    void invalidate(CHANNEL_READS);
    onClose();
  });

  /** A field was edited: its problems go. */
  const changed = (path: string) => {
    edited(path);
    setProblems((p) => p?.filter((x) => !touches(x.path, path)) ?? null);
  };
  const initialValues: WebhookForm = isNew
    ? { name: '', url: '', kinds: [...NOTIFICATION_KINDS], enabled: true }
    : { name: editing.name, url: editing.url, kinds: editing.kinds, enabled: editing.enabled };

  return (
    <FormModal<WebhookForm>
      open
      title={isNew ? t('notice.webhooks.modalNew') : t('notice.webhooks.modalEdit', { name: editing.name })}
      okText={isNew ? t('notice.webhooks.create') : t('notice.webhooks.save')}
      okTestId="webhook-save"
      busy={busy}
      form={form}
      initialValues={initialValues}
      onFinish={(values) => {
        const checked = check(webhookBody, values);
        setProblems(checked.ok ? null : checked.problems);
        if (checked.ok) void run(checked.body);
      }}
      onChange={clearError}
      onCancel={onClose}
    >
      <Form.Item name="name" {...item('name', t('notice.webhooks.name'))}>
        <Input
          data-testid="webhook-form-name"
          maxLength={64}
          autoComplete="off"
          onChange={() => {
            changed('name');
          }}
        />
      </Form.Item>
      <Form.Item name="url" {...item('url', t('notice.webhooks.url'))} extra={t('notice.webhooks.urlHelp')}>
        <Input
          data-testid="webhook-form-url"
          maxLength={2000}
          autoComplete="off"
          placeholder="https://example.com/hooks/dms"
          onChange={() => {
            changed('url');
          }}
        />
      </Form.Item>
      <Form.Item name="kinds" {...item('kinds', t('notice.webhooks.kinds'))}>
        <Select<NotificationKind[]>
          mode="multiple"
          data-testid="webhook-form-kinds"
          aria-label={t('notice.webhooks.kinds')}
          placeholder={t('notice.webhooks.kindsPlaceholder')}
          options={NOTIFICATION_KINDS.map((k) => ({ value: k, label: t(`notifications.kind.${k}`) }))}
          onChange={() => {
            changed('kinds');
          }}
        />
      </Form.Item>
      <Form.Item name="enabled" valuePropName="checked" label={t('notice.webhooks.enabled')}>
        <Switch data-testid="webhook-form-enabled" />
      </Form.Item>
      {error && <Alert type="error" showIcon data-testid="webhook-form-error" title={error} />}
    </FormModal>
  );
}
