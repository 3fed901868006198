import { Alert, App, Button, Empty, Form, Input, List, Space, Tooltip, Typography } from 'antd';
import { api, type EventComment, type EventRow } from '@dms/contract';
import { useState } from 'react';
import { call } from '@/api/call';
import { FormModal } from '@/components/forms/FormModal';
import { useSubmit } from '@/components/forms/useSubmit';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';

/** What acknowledging, commenting on or assigning an event changes: the events log and a device's events. */
export const EVENT_READS = [api.events.log, api.events.deviceEvents];

type Dialog = 'ack' | 'comment' | 'assign';

export interface EventActionsProps {
  event: EventRow;
  /** Offers Assign (the events area's, root's); the device page's people acknowledge and comment only. */
  canAssign?: boolean;
}

/**
 * An event's actions (issue 21), on the events log and a device's page: Acknowledge (once, with an optional comment),
 * Comment (the comments so far, and one more), and Assign (a user name; empty gives it to nobody). Each refusal is
 * shown in its dialog, which keeps what was typed; a success reads the lists again.
 */
export function EventActions({ event, canAssign = false }: EventActionsProps) {
  const { t } = useI18n();
  const [open, setOpen] = useState<Dialog | null>(null);
  const close = () => {
    setOpen(null);
  };
  const acked = event.ackBy !== null;
  return (
    <>
      <Space size={4} wrap={false}>
        <Tooltip title={acked ? t('eventActions.ackedBy', { user: event.ackBy ?? '' }) : undefined}>
          <Button
            type="link"
            size="small"
            disabled={acked}
            data-testid={`event-ack-${event.id}`}
            onClick={() => {
              setOpen('ack');
            }}
          >
            {t('eventActions.ack')}
          </Button>
        </Tooltip>
        <Button
          type="link"
          size="small"
          data-testid={`event-comment-${event.id}`}
          onClick={() => {
            setOpen('comment');
          }}
        >
          {event.comments.length > 0 ? t('eventActions.commentCount', { count: event.comments.length }) : t('eventActions.comment')}
        </Button>
        {canAssign && (
          <Button
            type="link"
            size="small"
            data-testid={`event-assign-${event.id}`}
            onClick={() => {
              setOpen('assign');
            }}
          >
            {t('eventActions.assign')}
          </Button>
        )}
      </Space>
      {open === 'ack' && <AckDialog event={event} onClose={close} />}
      {open === 'comment' && <CommentDialog event={event} onClose={close} />}
      {open === 'assign' && <AssignDialog event={event} onClose={close} />}
    </>
  );
}

/** The event a dialog is about, in one line: its rule and device. */
function About({ event }: { event: EventRow }) {
  const { t } = useI18n();
  return (
    <Typography.Paragraph type="secondary">
      {t('eventActions.about', { rule: event.ruleName, device: `${event.boxId}/${event.controller}` })}
    </Typography.Paragraph>
  );
}

function AckDialog({ event, onClose }: { event: EventRow; onClose: () => void }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ comment: string }>();
  const { busy, error, run, clearError } = useSubmit(
    async ({ comment }: { comment: string }) => {
      const text = comment.trim();
      await call(api.events.acknowledge, { params: { id: event.id }, body: text ? { comment: text } : {} }, { errorDisplay: 'none' });
      void message.success(t('eventActions.acked'));
      onClose();
    },
    { invalidates: EVENT_READS },
  );
  return (
    <FormModal<{ comment: string }>
      open
      title={t('eventActions.ackTitle')}
      okText={t('eventActions.ack')}
      okTestId="event-ack-ok"
      busy={busy}
      form={form}
      initialValues={{ comment: '' }}
      onFinish={(v) => void run(v)}
      onChange={clearError}
      onCancel={onClose}
    >
      <About event={event} />
      <Form.Item name="comment" label={t('eventActions.ackComment')} help={error ?? undefined} validateStatus={error ? 'error' : undefined}>
        <Input.TextArea data-testid="event-ack-comment" maxLength={500} autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
    </FormModal>
  );
}

function CommentDialog({ event, onClose }: { event: EventRow; onClose: () => void }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ text: string }>();
  const { busy, error, run, clearError } = useSubmit(
    async ({ text }: { text: string }) => {
      await call(api.events.comment, { params: { id: event.id }, body: { text } }, { errorDisplay: 'none' });
      void message.success(t('eventActions.commented'));
      onClose();
    },
    { invalidates: EVENT_READS },
  );
  return (
    <FormModal<{ text: string }>
      open
      title={t('eventActions.commentTitle')}
      okText={t('eventActions.commentOk')}
      okTestId="event-comment-ok"
      busy={busy}
      form={form}
      initialValues={{ text: '' }}
      onFinish={(v) => void run(v)}
      onChange={clearError}
      onCancel={onClose}
    >
      <About event={event} />
      <Comments comments={event.comments} />
      <Form.Item name="text" label={t('eventActions.commentText')} help={error ?? undefined} validateStatus={error ? 'error' : undefined}>
        <Input.TextArea data-testid="event-comment-text" maxLength={500} autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
    </FormModal>
  );
}

/** An event's comments, oldest first, each with who wrote it and when. */
export function Comments({ comments }: { comments: readonly EventComment[] }) {
  const { t, lang } = useI18n();
  if (comments.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('eventActions.noComments')} data-testid="event-comments" />;
  }
  return (
    <List<EventComment>
      size="small"
      bordered
      style={{ marginBottom: 16, maxHeight: 240, overflowY: 'auto' }}
      data-testid="event-comments"
      dataSource={[...comments]}
      renderItem={(c) => (
        <List.Item>
          <Space orientation="vertical" size={0} style={{ width: '100%' }}>
            <Typography.Text type="secondary">{`${c.by} · ${formatTime(c.at, lang)}`}</Typography.Text>
            <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{c.text}</Typography.Text>
          </Space>
        </List.Item>
      )}
    />
  );
}

function AssignDialog({ event, onClose }: { event: EventRow; onClose: () => void }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ username: string }>();
  const { busy, error, run, clearError } = useSubmit(
    async ({ username }: { username: string }) => {
      const name = username.trim();
      await call(api.events.assign, { params: { id: event.id }, body: { username: name || null } }, { errorDisplay: 'none' });
      void message.success(name ? t('eventActions.assigned', { user: name }) : t('eventActions.unassigned'));
      onClose();
    },
    { invalidates: EVENT_READS },
  );
  return (
    <FormModal<{ username: string }>
      open
      title={t('eventActions.assignTitle')}
      okText={t('eventActions.assignOk')}
      okTestId="event-assign-ok"
      busy={busy}
      form={form}
      initialValues={{ username: event.assignee ?? '' }}
      onFinish={(v) => void run(v)}
      onChange={clearError}
      onCancel={onClose}
    >
      <About event={event} />
      {event.assignee && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('eventActions.assignedNow', { user: event.assignee })} />
      )}
      <Form.Item
        name="username"
        label={t('eventActions.assignUser')}
        extra={t('eventActions.assignHelp')}
        help={error ?? undefined}
        validateStatus={error ? 'error' : undefined}
      >
        <Input data-testid="event-assign-user" maxLength={20} autoComplete="off" />
      </Form.Item>
    </FormModal>
  );
}
