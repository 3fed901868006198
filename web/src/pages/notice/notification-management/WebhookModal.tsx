import { Alert, App, Form, Input, Select, Switch } from 'antd';
import { api, NOTIFICATION_KINDS, webhookBody, type NotificationKind, type WebhookRow } from '@dms/contract';
import { useState } from 'react';
import type { z } from 'zod';
import { call } from '@/api/call';
import { useInvalidate } from '@/api/invalidate';
import { FormModal } from '@/components/forms/FormModal';
import { touches, type Problem } from '@/components/forms/issues';
import { useFieldIssues } from '@/components/forms/useFieldIssues';
import { useSubmit } from '@/components/forms/useSubmit';
import { useI18n, type TKey } from '@/i18n';
import { CHANNEL_READS, check, refusedFields } from './check';

/** A secret as it is shown, this once: after a webhook is added or given a new one. */
export interface ShownSecret {
  name: string;
  secret: string;
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
export function WebhookModal({
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
